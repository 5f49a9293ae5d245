import {
  ANSWER_OPENERS,
  FOLLOW_UP_OPENERS,
  ATTEMPTS,
  CLOSINGS,
  COMMENTS_ON_ANSWERS,
  COMMENTS_ON_QUESTIONS,
  CONTEXTS,
  GUIDE_TITLE,
  REPLIES,
  SUPPORT_QA,
  TOPICS,
  WELCOME_TITLE,
  type Case,
  type Topic,
} from './corpus';
import { toHtml, toMarkdown, type Doc, type Inline } from './markdown';
import { Random } from './prng';

/**
 * The words of each sample post. Every post draws from a generator seeded by (site seed, kind,
 * index), so its text does not depend on how many other posts exist or the order they are
 * written in, and is rebuilt on demand instead of being kept in memory for a big site.
 */

/** Special question kinds (a topic index otherwise). */
export const TOPIC_SUPPORT = -1;
export const TOPIC_WELCOME = -2;
export const TOPIC_GUIDE = -3;

export interface Text {
  markdown: string;
  html: string;
}

export function render(doc: Doc): Text {
  return { markdown: toMarkdown(doc), html: toHtml(doc) };
}

export function postRandom(seed: string, kind: string, index: number): Random {
  return new Random(`${seed}:${kind}:${index}`);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function fill(template: string, topic: Topic, random: Random): string {
  return template.replace('{name}', topic.name).replace('{version}', random.pick(topic.versions));
}

function clip(title: string, max = 150): string {
  return title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`;
}

/** The case a question (and its answers) is about. */
function caseOf(topic: Topic, variant: number): Case {
  return topic.cases[variant % topic.cases.length]!;
}

export interface QuestionText extends Text {
  title: string;
  /** The body before its later edit (the first revision), when the question was edited. */
  before?: Text;
}

export interface QuestionTextInput {
  seed: string;
  index: number;
  topic: number;
  /** Which case of the topic (or which support question). */
  variant: number;
  siteName: string;
  /** Another question to mention ("see also"), with its path. */
  link?: { title: string; path: string };
  edited: boolean;
}

/** The pinned welcome post and the asking guide. */
function pinnedDoc(kind: number, siteName: string): { title: string; doc: Doc } {
  if (kind === TOPIC_WELCOME) {
    return {
      title: WELCOME_TITLE,
      doc: [
        {
          p: [
            `Welcome to ${siteName}. This is a question and answer site: one question per page, answers below it, the best ones on top.`,
          ],
        },
        { h: 'The basics' },
        {
          ul: [
            ['Ask a specific question and show what you tried.'],
            ['Answer when you know something; explain why, not only how.'],
            ['Vote up what helped you. Voting is how good answers rise.'],
            ['The asker can ', { strong: 'accept' }, ' the answer that solved the problem.'],
          ],
        },
        { h: 'Reputation and privileges' },
        {
          p: [
            'Votes on your posts earn reputation, and reputation unlocks privileges: voting, editing others\u2019 posts, creating tags. See the ',
            { link: 'privileges page', href: '/users/privileges' },
            ' for the thresholds.',
          ],
        },
        { p: ['Questions about the site itself go under the ', { code: 'support' }, ' tag.'] },
      ],
    };
  }
  return {
    title: GUIDE_TITLE,
    doc: [
      {
        p: [
          'A good question is one that a stranger can answer without a follow-up. Before you post, check these points:',
        ],
      },
      {
        ol: [
          ['Search first: your exact error message is the best query.'],
          ['Write a title that states the problem, not just the technology.'],
          ['Include a ', { em: 'minimal' }, ' piece of code that shows the problem.'],
          ['Paste errors as text, not as screenshots.'],
          ['Say what you expected and what happened instead.'],
        ],
      },
      { p: ['Code goes in fenced blocks so it keeps its formatting:'] },
      { code: 'function example() {\n  return "formatted code stays readable";\n}', lang: 'js' },
      { p: ['Thank you for helping keep this site useful for the next person with the same problem.'] },
    ],
  };
}

export function questionText(input: QuestionTextInput): QuestionText {
  const random = postRandom(input.seed, 'question', input.index);
  if (input.topic === TOPIC_WELCOME || input.topic === TOPIC_GUIDE) {
    const { title, doc } = pinnedDoc(input.topic, input.siteName);
    return { title, ...render(doc) };
  }
  if (input.topic === TOPIC_SUPPORT) {
    const qa = SUPPORT_QA[input.variant % SUPPORT_QA.length]!;
    const doc: Doc = [{ p: [qa.body] }];
    return { title: qa.title, ...render(doc) };
  }
  const topic = TOPICS[input.topic]!;
  const c = caseOf(topic, input.variant);
  const version = random.pick(topic.versions);
  const styles = [
    `${capitalize(c.subject)} ${c.symptom}`,
    `How do I ${c.goal} in ${topic.name}?`,
    `${capitalize(c.subject)} ${c.symptom} (${topic.name} ${version})`,
    `What is the idiomatic way to ${c.goal}?`,
    `${capitalize(c.subject)} ${c.symptom}. What am I missing?`,
    ...(c.error ? [`${topic.name}: ${c.error}`] : []),
  ];
  const style = random.int(0, styles.length - 1);
  const title = clip(styles[style]!);
  const goalStyle = style === 1 || style === 3;

  const doc: Doc = [
    {
      p: goalStyle
        ? [`I am working on ${random.pick(CONTEXTS)} and I need to ${c.goal}. My first attempt:`]
        : [
            `I am working on ${random.pick(CONTEXTS)} and ${c.subject} ${c.symptom}. Here is a reduced version of the code:`,
          ],
    },
    { code: c.snippet.code, lang: c.snippet.lang },
  ];
  if (goalStyle) doc.push({ p: [`But ${c.subject} ${c.symptom}.`] });
  if (c.error && (style === 5 || random.chance(0.6))) {
    doc.push({ p: ['This is what I get:'] });
    doc.push({ code: c.error, lang: 'text' });
  }
  if (random.chance(0.6)) {
    doc.push({ p: ['What I have tried so far:'] });
    doc.push({ ul: random.sample(ATTEMPTS, random.int(2, 3)).map((a) => [a] as Inline[]) });
  }
  if (random.chance(0.3)) {
    doc.push({
      ul: [[{ strong: topic.name }, ` ${version}`], [random.pick(['Linux', 'macOS', 'Windows 11', 'WSL 2'])]],
    });
  }
  if (input.link) {
    doc.push({
      p: [
        'This looks related to ',
        { link: input.link.title, href: input.link.path },
        ', but the answers there did not help in my case.',
      ],
    });
  }
  const closing: Inline[] = [random.pick(CLOSINGS)];
  if (random.chance(0.35)) {
    closing.unshift(
      'I read ',
      { link: `the ${topic.name} documentation`, href: topic.docs },
      ' but could not find this case. ',
    );
  }
  doc.push({ p: closing });

  const text: QuestionText = { title, ...render(doc) };
  if (input.edited) {
    text.before = render(doc);
    const after: Doc = [
      ...doc,
      {
        p: [
          { strong: 'Edit:' },
          ` the same happens with ${topic.name} ${random.pick(topic.versions)}, so it is not the version.`,
        ],
      },
    ];
    Object.assign(text, render(after));
  }
  return text;
}

export interface AnswerTextInput {
  seed: string;
  index: number;
  topic: number;
  /** The question's variant: the answer is about the same case (or support question). */
  variant: number;
  /** 0 for the question's first answer; later answers add to it. */
  position: number;
  link?: { title: string; path: string };
  edited: boolean;
}

export interface AnswerText extends Text {
  before?: Text;
}

export function answerText(input: AnswerTextInput): AnswerText {
  const random = postRandom(input.seed, 'answer', input.index);
  if (input.topic === TOPIC_SUPPORT) {
    const qa = SUPPORT_QA[input.variant % SUPPORT_QA.length]!;
    return render([{ p: [qa.answer] }]);
  }
  if (input.topic < 0) {
    return render([{ p: ['Thanks for putting this together. Pinning it was a good idea.'] }]);
  }
  const topic = TOPICS[input.topic]!;
  const c = caseOf(topic, input.variant);
  const doc: Doc = [];
  if (input.position === 0) {
    const opener = random.pick(ANSWER_OPENERS);
    doc.push({ p: [opener === 'Short version:' ? `Short version: ${c.advice}` : `${opener} ${c.cause}.`] });
    doc.push({ p: ['Something like this works:'] });
    doc.push({ code: c.fix.code, lang: c.fix.lang });
    if (opener === 'Short version:') doc.push({ p: [`The reason: ${c.cause}.`] });
    else doc.push({ p: [c.advice] });
  } else {
    // A later answer adds something the first did not say, from another case of the same technology.
    const other = caseOf(topic, input.variant + input.position);
    doc.push({ p: [`${random.pick(FOLLOW_UP_OPENERS)} ${other === c ? c.advice : other.advice}`] });
    if (random.chance(0.5)) doc.push({ code: c.fix.code, lang: c.fix.lang });
  }
  if (input.position === 0 && random.chance(0.25)) {
    doc.push({
      ol: [
        ['Reproduce the problem with the smallest input you can.'],
        ['Apply the change above.'],
        ['Run it again and compare the output.'],
      ],
    });
  }
  if (random.chance(0.4)) {
    doc.push({ p: ['The details are in ', { link: `the ${topic.name} documentation`, href: topic.docs }, '.'] });
  }
  if (input.link) {
    doc.push({ p: ['A very similar case is discussed in ', { link: input.link.title, href: input.link.path }, '.'] });
  }
  const text: AnswerText = render(doc);
  if (input.edited) {
    text.before = render(doc);
    Object.assign(
      text,
      render([...doc, { p: [{ em: 'Update:' }, ` also checked with ${topic.name} ${random.pick(topic.versions)}.`] }]),
    );
  }
  return text;
}

export interface CommentTextInput {
  seed: string;
  index: number;
  topic: number;
  onAnswer: boolean;
  reply: boolean;
  mention?: { display: string; username: string };
}

export function commentText(input: CommentTextInput): Text {
  const random = postRandom(input.seed, 'comment', input.index);
  const topic = input.topic >= 0 ? TOPICS[input.topic]! : TOPICS[0]!;
  const pool = input.reply ? REPLIES : input.onAnswer ? COMMENTS_ON_ANSWERS : COMMENTS_ON_QUESTIONS;
  const sentence = fill(random.pick(pool), topic, random);
  const parts: Inline[] = input.mention
    ? [{ mention: input.mention.display, username: input.mention.username }, ` ${sentence}`]
    : [sentence];
  return render([{ p: parts }]);
}

/** The first description of a tag (what its creation revision holds). */
export function tagText(description: string): Text {
  return render([{ p: [description] }]);
}
