import { SHOW, TAG_REL } from '../post/table';
import { emailSwitches } from '../profile/mapping';
import { followedTagIds } from '../follow/service';
import { questionLink, queueNotifyMail, reachable, siteContext } from './context';
import type { DispatchJob } from './inbox-mail';
import { VISIBLE, WEEK_MS } from './question-mail';
import * as repo from './repository';
import { writeTransaction } from '../../db/transaction';

/** The site's question list, where the digest's button leads. */
const QUESTIONS_PATH = '/questions';

/** Questions a digest lists at most (the newest). */
export const DIGEST_ITEMS = 20;

/**
 * The weekly digest: every member with the digest on and a confirmed address whose last digest went a
 * week ago or more (or never) gets one mail listing the new questions of the last 7 days in the tags
 * they follow; nothing to list, no mail. The time of the member's last digest moves by compare-and-set
 * in the transaction that queues the mail, so two runs (or two processes) racing send one. Returns how
 * many digests it queued.
 */
export async function sendDigests(job: DispatchJob): Promise<number> {
  const { db, now } = job;
  const ids = await repo.membersWithSource(db, 'weekly_digest');
  const switches = await repo.switchRows(db, ids);
  const wanted = ids.filter((id) => emailSwitches(switches.filter((s) => Number(s.user_id) === id)).weekly_digest);
  const members = await repo.membersByIds(db, wanted);
  const ctx = await siteContext(job.settings);
  let sent = 0;
  for (const id of wanted) {
    const member = members.get(id);
    if (!reachable(member)) continue;
    const seen = await repo.lastDigest(db, id);
    if (seen !== undefined && seen > now - WEEK_MS) continue;
    const tags = await followedTagIds(db, id);
    const questions = await repo.newQuestionsInTags(
      db,
      tags,
      { since: now - WEEK_MS, until: now },
      { statuses: VISIBLE, listed: SHOW.listed, available: TAG_REL.available },
      DIGEST_ITEMS,
    );
    if (questions.length === 0) continue;
    const items = questions.map((q) => ({ title: q.title, link: questionLink(ctx, q.id, q.title) }));
    try {
      const queued = await writeTransaction(db, async (trx) => {
        if (!(await repo.claimDigest(trx, id, seen, now))) return false;
        await queueNotifyMail(trx, { ctx, seal: job.seal, now }, member, 'weekly_digest', {
          template: 'digest',
          params: { count: String(questions.length) },
          link: `${ctx.site.url.replace(/\/+$/, '')}${QUESTIONS_PATH}`,
          items,
        });
        return true;
      });
      if (queued) sent += 1;
    } catch (error) {
      // Another run recorded this member's digest first (the first row's key), or the mail failed to build.
      job.log.warn(`weekly digest of member ${id} not sent: ${error instanceof Error ? error.message : error}`);
    }
  }
  return sent;
}
