/**
 * The raw material of the sample site, written for this project: people, tags with their
 * descriptions, and per technology the pieces questions and answers are assembled from.
 */

export const FIRST_NAMES = [
  'Maya',
  'Tomas',
  'Aisha',
  'Lukas',
  'Priya',
  'Jonas',
  'Ines',
  'Kwame',
  'Sofia',
  'Mateo',
  'Hana',
  'Ravi',
  'Elena',
  'Oskar',
  'Leila',
  'Diego',
  'Nora',
  'Felix',
  'Yara',
  'Samuel',
  'Mei',
  'Tariq',
  'Clara',
  'Anton',
  'Zuzana',
  'Pedro',
  'Ingrid',
  'Kofi',
  'Lina',
  'Marco',
  'Amara',
  'Viktor',
  'Rosa',
  'Emil',
  'Noor',
  'Julian',
  'Ayumi',
  'Bruno',
  'Freya',
  'Idris',
] as const;

export const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Haddad',
  'Novak',
  'Iyer',
  'Berger',
  'Moreau',
  'Mensah',
  'Rossi',
  'Alvarez',
  'Tanaka',
  'Kapoor',
  'Petrova',
  'Nilsen',
  'Farahani',
  'Costa',
  'Brennan',
  'Weber',
  'Santos',
  'Adeyemi',
  'Chen',
  'Rahman',
  'Fischer',
  'Dvorak',
  'Horvat',
  'Silva',
  'Larsen',
  'Boateng',
  'Schmidt',
  'Conti',
  'Nwosu',
  'Ivanov',
  'Ortega',
  'Kowalski',
  'Aziz',
  'Hughes',
  'Sato',
  'Pereira',
  'Jensen',
  'Osei',
] as const;

export const LOCATIONS = [
  'Lisbon',
  'Nairobi',
  'Montreal',
  'Tallinn',
  'Pune',
  'Melbourne',
  'Bogotá',
  'Kraków',
  'Osaka',
  'Accra',
  'Rotterdam',
  'Austin',
  'Cape Town',
  'Helsinki',
  'Seoul',
  'Porto Alegre',
  '',
] as const;

export const BIOS = [
  'Backend developer. I like boring technology that works and databases that do not surprise me.',
  'Frontend engineer, part-time accessibility nerd, full-time coffee drinker.',
  'Student learning systems programming one segfault at a time.',
  'I keep servers alive for a living and write shell scripts to avoid doing things twice.',
  'Data engineer. Most of my day is SQL and most of my evenings are too.',
  'Self-taught developer, previously a chemistry teacher. Happy to explain things slowly.',
  'Maintainer of a few small open source libraries. Tests first, opinions second.',
  'Mobile developer moving into web. Ask me about build tools and I will sigh.',
  '',
] as const;

export interface TagSpec {
  slug: string;
  display: string;
  description: string;
}

/** Every tag the sample site uses. `support` is Answer's first tag (the installer's). */
export const TAGS: readonly TagSpec[] = [
  {
    slug: 'support',
    display: 'support',
    description: 'Questions about this site itself: accounts, asking and answering, and how things work here.',
  },
  {
    slug: 'announcements',
    display: 'announcements',
    description: 'News from the people who run this site. Reserved: only moderators and administrators can use it.',
  },
  {
    slug: 'javascript',
    display: 'JavaScript',
    description:
      'The language of the browser and, through Node.js, of many servers. Use a more specific tag for a framework.',
  },
  {
    slug: 'typescript',
    display: 'TypeScript',
    description: 'JavaScript with static types. Questions about the type system, the compiler and its configuration.',
  },
  {
    slug: 'python',
    display: 'Python',
    description: 'A general-purpose language known for readable code. Mention the version when it matters.',
  },
  {
    slug: 'rust',
    display: 'Rust',
    description: 'A systems language with memory safety enforced at compile time: ownership, borrowing and lifetimes.',
  },
  {
    slug: 'go',
    display: 'Go',
    description:
      'A compiled language with goroutines and channels, popular for network services and command line tools.',
  },
  {
    slug: 'java',
    display: 'Java',
    description: 'The JVM language. Include the JDK version and the build tool you use.',
  },
  {
    slug: 'sql',
    display: 'SQL',
    description: 'Writing queries: joins, grouping, window functions. Add the tag of your database as well.',
  },
  {
    slug: 'postgresql',
    display: 'PostgreSQL',
    description: 'The open source relational database: queries, indexes, configuration and extensions.',
  },
  {
    slug: 'mysql',
    display: 'MySQL',
    description: 'MySQL and MariaDB: schema design, queries, replication and tuning.',
  },
  {
    slug: 'sqlite',
    display: 'SQLite',
    description: 'The embedded database in a single file. Questions about its SQL dialect, locking and WAL mode.',
  },
  {
    slug: 'docker',
    display: 'Docker',
    description: 'Building images and running containers: Dockerfiles, volumes, networks and Compose.',
  },
  {
    slug: 'kubernetes',
    display: 'Kubernetes',
    description: 'Container orchestration: pods, deployments, services, ingress and the rest of the YAML.',
  },
  {
    slug: 'linux',
    display: 'Linux',
    description: 'Using and administering Linux systems: processes, permissions, systemd and the file system.',
  },
  {
    slug: 'bash',
    display: 'Bash',
    description: 'Shell scripting with Bash: quoting, loops, pipes and the many ways a script can surprise you.',
  },
  {
    slug: 'git',
    display: 'Git',
    description: 'Version control with Git: branches, merges, rebases and recovering from mistakes.',
  },
  { slug: 'react', display: 'React', description: 'The UI library: components, hooks, state and rendering behaviour.' },
  {
    slug: 'css',
    display: 'CSS',
    description: 'Styling web pages: layout with flexbox and grid, selectors, cascade and responsive design.',
  },
  {
    slug: 'html',
    display: 'HTML',
    description: 'The structure of web pages: elements, forms, semantics and accessibility.',
  },
  {
    slug: 'node.js',
    display: 'Node.js',
    description: 'JavaScript on the server: the event loop, streams, modules and the standard library.',
  },
  {
    slug: 'performance',
    display: 'performance',
    description: 'Making programs faster or leaner. Say what you measured and how.',
  },
  {
    slug: 'security',
    display: 'security',
    description: 'Protecting applications and data: authentication, input handling, secrets and hardening.',
  },
  {
    slug: 'testing',
    display: 'testing',
    description: 'Unit, integration and end-to-end tests, test doubles, and keeping a test suite fast and reliable.',
  },
  {
    slug: 'regex',
    display: 'regex',
    description: 'Regular expressions. Include sample input and the output you expect.',
  },
  {
    slug: 'api-design',
    display: 'api-design',
    description: 'Designing HTTP and library interfaces: naming, versioning, errors and pagination.',
  },
  {
    slug: 'networking',
    display: 'networking',
    description: 'TCP, DNS, TLS, proxies and why the connection was refused.',
  },
  {
    slug: 'nginx',
    display: 'nginx',
    description: 'The web server and reverse proxy: configuration, TLS termination and caching.',
  },
  {
    slug: 'redis',
    display: 'Redis',
    description: 'The in-memory data store: data types, expiry, persistence and use as a cache or queue.',
  },
  {
    slug: 'ci',
    display: 'CI',
    description: 'Continuous integration pipelines: caching, flaky jobs, artifacts and secrets.',
  },
];

/** Synonyms: [synonym slug, display name, main tag slug]. */
export const SYNONYMS: ReadonlyArray<readonly [string, string, string]> = [
  ['js', 'js', 'javascript'],
  ['ts', 'ts', 'typescript'],
  ['postgres', 'postgres', 'postgresql'],
  ['k8s', 'k8s', 'kubernetes'],
  ['golang', 'golang', 'go'],
];

/** Marked recommended / reserved when the write settings name none. */
export const DEFAULT_RECOMMENDED = ['support', 'javascript', 'python', 'sql', 'linux'];
export const DEFAULT_RESERVED = ['announcements'];

export interface Snippet {
  lang: string;
  code: string;
}

/**
 * One problem as it happens in real life: what the asker sees (subject + symptom, or a goal), the
 * code they post, the error, and what an answer explains (cause, fix, advice). A question and its
 * answers share a case, so they talk about the same thing.
 */
export interface Case {
  /** Noun phrase: "my setTimeout callback". */
  subject: string;
  /** Third person, completes the subject: "always sees the last value of the loop variable". */
  symptom: string;
  /** Infinitive phrase: "capture the current loop value in a callback". */
  goal: string;
  snippet: Snippet;
  error?: string;
  /** Completes "This happens because ...". */
  cause: string;
  fix: Snippet;
  advice: string;
}

/** One technology: its tag, documentation and cases. */
export interface Topic {
  tag: string;
  name: string;
  docs: string;
  related: string[];
  versions: string[];
  cases: Case[];
}

const js = (code: string): Snippet => ({ lang: 'js', code });

export const TOPICS: readonly Topic[] = [
  {
    tag: 'javascript',
    name: 'JavaScript',
    docs: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
    related: ['node.js', 'react', 'typescript', 'performance', 'html'],
    versions: ['ES2022', 'ES2023', 'ES2024'],
    cases: [
      {
        subject: 'my setTimeout callback',
        symptom: 'always sees the last value of the loop variable',
        goal: 'capture the current loop value in a callback',
        snippet: js('for (var i = 0; i < 3; i++) {\n  setTimeout(() => console.log(i), 0);\n}\n// prints 3, 3, 3'),
        cause:
          'var is scoped to the whole function, so every callback closes over the same variable, which is 3 by the time they run',
        fix: js('for (let i = 0; i < 3; i++) {\n  setTimeout(() => console.log(i), 0);\n}\n// prints 0, 1, 2'),
        advice: 'Use let in loops; each iteration then gets its own binding.',
      },
      {
        subject: 'my async map',
        symptom: 'returns an array of pending promises instead of the data',
        goal: 'load several items in parallel and wait for all of them',
        snippet: js(
          'async function load(ids) {\n  return ids.map(async (id) => {\n    const res = await fetch(`/api/items/${id}`);\n    return res.json();\n  });\n}',
        ),
        cause:
          'an async callback always returns a promise, so map gives you one promise per element and nothing waits for them',
        fix: js(
          'async function load(ids) {\n  return Promise.all(\n    ids.map(async (id) => {\n      const res = await fetch(`/api/items/${id}`);\n      if (!res.ok) throw new Error(`item ${id}: ${res.status}`);\n      return res.json();\n    }),\n  );\n}',
        ),
        advice: 'Promise.all rejects on the first failure; use Promise.allSettled when you want every result.',
      },
      {
        subject: 'Array.prototype.sort with my comparator',
        symptom: 'leaves the array in a strange order',
        goal: 'sort an array of objects by a number and then by a name',
        snippet: js(
          "const people = [{ name: 'Ana', age: 31 }, { name: 'Bo', age: 27 }, { name: 'Cy', age: 31 }];\npeople.sort((a, b) => a.age > b.age);",
        ),
        cause:
          'the comparator must return a negative number, zero or a positive number; a boolean is treated as 0 or 1 and the order is undefined',
        fix: js('people.sort((a, b) => a.age - b.age || a.name.localeCompare(b.name));'),
        advice: 'toSorted() returns a sorted copy if you do not want to change the original array.',
      },
      {
        subject: 'JSON.parse on the fetch response',
        symptom: 'throws on some requests but not others',
        goal: 'handle a server error that comes back as an HTML page',
        snippet: js("const res = await fetch('/api/report');\nconst data = JSON.parse(await res.text());"),
        error: 'SyntaxError: Unexpected token \'<\', "<!DOCTYPE "... is not valid JSON',
        cause: 'the server answers errors with an HTML page, and that page is not JSON',
        fix: js(
          "const res = await fetch('/api/report');\nif (!res.ok) {\n  throw new Error(`report failed: ${res.status} ${await res.text()}`);\n}\nconst data = await res.json();",
        ),
        advice: 'Check res.ok before reading the body; the status code tells you what kind of body to expect.',
      },
    ],
  },
  {
    tag: 'typescript',
    name: 'TypeScript',
    docs: 'https://www.typescriptlang.org/docs/',
    related: ['javascript', 'node.js', 'react', 'testing'],
    versions: ['5.4', '5.6', '5.8'],
    cases: [
      {
        subject: 'my switch over a union type',
        symptom: 'does not complain when I add a new member to the union',
        goal: 'make the compiler check that a switch handles every case',
        snippet: {
          lang: 'ts',
          code: "type Shape = { kind: 'circle'; r: number } | { kind: 'square'; side: number } | { kind: 'triangle'; h: number };\n\nfunction area(s: Shape): number {\n  switch (s.kind) {\n    case 'circle': return Math.PI * s.r ** 2;\n    case 'square': return s.side ** 2;\n  }\n  return 0;\n}",
        },
        cause: 'the trailing return 0 satisfies the return type, so nothing forces the switch to be complete',
        fix: {
          lang: 'ts',
          code: "function assertNever(value: never): never {\n  throw new Error(`Unhandled shape: ${JSON.stringify(value)}`);\n}\n\nswitch (s.kind) {\n  case 'circle': return Math.PI * s.r ** 2;\n  case 'square': return s.side ** 2;\n  default: return assertNever(s); // error: 'triangle' is not assignable to never\n}",
        },
        advice: 'An assertNever helper in the default branch turns a forgotten case into a compile error.',
      },
      {
        subject: 'indexing an array',
        symptom: 'gives me a string type even when the array can be empty',
        goal: 'get a type error when an array element may be missing',
        snippet: {
          lang: 'ts',
          code: 'function first(items: string[]): string {\n  return items[0];\n}\n\nfirst([]).toUpperCase(); // crashes at runtime',
        },
        error: "TypeError: Cannot read properties of undefined (reading 'toUpperCase')",
        cause: 'by default an index access is typed as the element type, not as element or undefined',
        fix: {
          lang: 'json',
          code: '{\n  "compilerOptions": {\n    "strict": true,\n    "noUncheckedIndexedAccess": true\n  }\n}',
        },
        advice: 'With noUncheckedIndexedAccess, items[0] is string | undefined and you have to handle the empty case.',
      },
      {
        subject: 'my paths alias',
        symptom: 'compiles but fails when I run the program',
        goal: 'share code between packages with an import alias',
        snippet: {
          lang: 'json',
          code: '{\n  "compilerOptions": {\n    "baseUrl": ".",\n    "paths": { "@app/*": ["packages/*/src"] }\n  }\n}',
        },
        error: "Error [ERR_MODULE_NOT_FOUND]: Cannot find package '@app/shared'",
        cause:
          'paths only changes how the compiler resolves types; it does not rewrite the imports in the emitted JavaScript',
        fix: { lang: 'json', code: '{\n  "name": "@app/shared",\n  "exports": { ".": "./src/index.ts" }\n}' },
        advice: 'Workspace packages with an exports field work the same for the compiler, the bundler and Node.',
      },
    ],
  },
  {
    tag: 'python',
    name: 'Python',
    docs: 'https://docs.python.org/3/',
    related: ['performance', 'testing', 'regex', 'sql', 'linux'],
    versions: ['3.11', '3.12', '3.13'],
    cases: [
      {
        subject: 'a function with a list as default argument',
        symptom: 'keeps the items from earlier calls',
        goal: 'give a function an empty list as default',
        snippet: {
          lang: 'python',
          code: 'def add_item(item, items=[]):\n    items.append(item)\n    return items\n\nprint(add_item(1))  # [1]\nprint(add_item(2))  # [1, 2] ?!',
        },
        cause: 'default values are evaluated once, when the function is defined, so every call shares the same list',
        fix: {
          lang: 'python',
          code: 'def add_item(item, items=None):\n    if items is None:\n        items = []\n    items.append(item)\n    return items',
        },
        advice: 'Use None as the default for anything mutable and create the object inside the function.',
      },
      {
        subject: 'my asyncio code',
        symptom: 'runs the requests one after the other',
        goal: 'run several coroutines at the same time',
        snippet: {
          lang: 'python',
          code: 'async def main():\n    for url in urls:\n        print(await fetch(url))\n\nasyncio.run(main())',
        },
        cause: 'await waits for each coroutine to finish before the loop starts the next one',
        fix: {
          lang: 'python',
          code: 'async def main():\n    async with asyncio.TaskGroup() as group:\n        tasks = [group.create_task(fetch(url)) for url in urls]\n    for task in tasks:\n        print(task.result())',
        },
        advice: 'A TaskGroup also cancels the remaining tasks when one of them fails.',
      },
      {
        subject: 'reading the log file',
        symptom: 'uses several gigabytes of memory',
        goal: 'count matching lines in a huge file',
        snippet: {
          lang: 'python',
          code: 'with open("events.log") as f:\n    lines = f.readlines()\n\nprint(sum(1 for l in lines if "ERROR" in l))',
        },
        cause: 'readlines() builds a list with every line before you start filtering',
        fix: {
          lang: 'python',
          code: 'with open("events.log", encoding="utf-8") as f:\n    print(sum(1 for line in f if "ERROR" in line))',
        },
        advice: 'A file object is an iterator over its lines; looping over it reads one line at a time.',
      },
      {
        subject: 'importing requests',
        symptom: 'fails although pip says the package is installed',
        goal: 'install a package for the interpreter that runs my script',
        snippet: {
          lang: 'shell',
          code: '$ pip install requests\nRequirement already satisfied: requests\n$ python3 app.py',
        },
        error: "ModuleNotFoundError: No module named 'requests'",
        cause:
          'pip and python3 belong to different interpreters, so the package went somewhere your script does not look',
        fix: {
          lang: 'shell',
          code: 'python3 -m venv .venv\n. .venv/bin/activate\npython -m pip install requests\npython app.py',
        },
        advice: 'Always run pip as python -m pip, and keep one virtual environment per project.',
      },
    ],
  },
  {
    tag: 'rust',
    name: 'Rust',
    docs: 'https://doc.rust-lang.org/book/',
    related: ['performance', 'testing', 'linux'],
    versions: ['1.80', '1.83', '1.85'],
    cases: [
      {
        subject: 'pushing to a vector while holding a reference',
        symptom: 'is rejected by the borrow checker',
        goal: 'add to a vector after reading one of its elements',
        snippet: {
          lang: 'rust',
          code: 'let mut v = vec![1, 2, 3];\nlet first = &v[0];\nv.push(4);\nprintln!("{first}");',
        },
        error: 'error[E0502]: cannot borrow `v` as mutable because it is also borrowed as immutable',
        cause:
          'push may move the vector to a bigger allocation, which would leave the reference pointing at freed memory',
        fix: {
          lang: 'rust',
          code: 'let mut v = vec![1, 2, 3];\nlet first = v[0]; // copy the value instead of borrowing it\nv.push(4);\nprintln!("{first}");',
        },
        advice: 'Copy or clone the value when you only need it, or finish using the reference before mutating.',
      },
      {
        subject: 'a function returning one of two string slices',
        symptom: 'does not compile without a lifetime',
        goal: 'return a reference to one of the arguments',
        snippet: {
          lang: 'rust',
          code: 'fn longest(a: &str, b: &str) -> &str {\n    if a.len() > b.len() { a } else { b }\n}',
        },
        error: 'error[E0106]: missing lifetime specifier',
        cause: 'the compiler cannot tell whether the result borrows from a or from b',
        fix: {
          lang: 'rust',
          code: "fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {\n    if a.len() > b.len() { a } else { b }\n}",
        },
        advice: 'The lifetime says the result lives as long as the shorter-lived of the two inputs.',
      },
      {
        subject: 'the question mark operator in main',
        symptom: 'gives a confusing error',
        goal: 'use ? in main',
        snippet: {
          lang: 'rust',
          code: 'fn main() {\n    let text = std::fs::read_to_string("config.toml")?;\n    println!("{text}");\n}',
        },
        error: 'error[E0277]: the `?` operator can only be used in a function that returns `Result` or `Option`',
        cause: 'main returns () here, so there is nothing for ? to return the error into',
        fix: {
          lang: 'rust',
          code: 'fn main() -> Result<(), Box<dyn std::error::Error>> {\n    let text = std::fs::read_to_string("config.toml")?;\n    println!("{text}");\n    Ok(())\n}',
        },
        advice: 'For applications the anyhow crate makes error types in main painless.',
      },
    ],
  },
  {
    tag: 'go',
    name: 'Go',
    docs: 'https://go.dev/doc/',
    related: ['performance', 'testing', 'networking', 'docker'],
    versions: ['1.22', '1.23', '1.24'],
    cases: [
      {
        subject: 'ranging over my results channel',
        symptom: 'ends in a deadlock',
        goal: 'collect results from several goroutines',
        snippet: {
          lang: 'go',
          code: 'results := make(chan int)\nfor _, n := range nums {\n\tgo func() { results <- n * n }()\n}\nfor r := range results {\n\tfmt.Println(r)\n}',
        },
        error: 'fatal error: all goroutines are asleep - deadlock!',
        cause: 'a range over a channel only stops when the channel is closed, and nobody closes it',
        fix: {
          lang: 'go',
          code: 'var wg sync.WaitGroup\nresults := make(chan int, len(nums))\nfor _, n := range nums {\n\twg.Add(1)\n\tgo func() {\n\t\tdefer wg.Done()\n\t\tresults <- n * n\n\t}()\n}\nwg.Wait()\nclose(results)\nfor r := range results {\n\tfmt.Println(r)\n}',
        },
        advice: 'The goroutine that knows all sends are done should close the channel; a WaitGroup tells you when.',
      },
      {
        subject: 'my function returning a custom error',
        symptom: 'is never equal to nil',
        goal: 'return a typed error only when something failed',
        snippet: {
          lang: 'go',
          code: 'func find(id int) error {\n\tvar err *NotFound\n\tif id < 0 {\n\t\terr = &NotFound{ID: id}\n\t}\n\treturn err\n}',
        },
        cause: 'an interface that holds a typed nil pointer is not itself nil: it has a type, only its value is nil',
        fix: {
          lang: 'go',
          code: 'func find(id int) error {\n\tif id < 0 {\n\t\treturn &NotFound{ID: id}\n\t}\n\treturn nil\n}',
        },
        advice: 'Return the literal nil for "no error"; never return a typed pointer variable as an error.',
      },
      {
        subject: 'a map shared by my HTTP handlers',
        symptom: 'crashes the server under load',
        goal: 'keep a counter per path that many requests update',
        snippet: {
          lang: 'go',
          code: 'var hits = map[string]int{}\n\nfunc handler(w http.ResponseWriter, r *http.Request) {\n\thits[r.URL.Path]++\n}',
        },
        error: 'fatal error: concurrent map writes',
        cause: 'every request runs in its own goroutine, and maps are not safe for concurrent writes',
        fix: {
          lang: 'go',
          code: 'var (\n\tmu   sync.Mutex\n\thits = map[string]int{}\n)\n\nfunc handler(w http.ResponseWriter, r *http.Request) {\n\tmu.Lock()\n\thits[r.URL.Path]++\n\tmu.Unlock()\n}',
        },
        advice: 'Run your tests with -race; the race detector finds this before your users do.',
      },
    ],
  },
  {
    tag: 'java',
    name: 'Java',
    docs: 'https://docs.oracle.com/en/java/',
    related: ['performance', 'testing', 'sql'],
    versions: ['17', '21', '23'],
    cases: [
      {
        subject: 'Collectors.toMap',
        symptom: 'throws when two users share an id',
        goal: 'collect a stream into a map when keys can repeat',
        snippet: {
          lang: 'java',
          code: 'Map<Integer, String> byId = users.stream()\n    .collect(Collectors.toMap(User::id, User::name));',
        },
        error: 'java.lang.IllegalStateException: Duplicate key 42',
        cause: 'toMap refuses duplicate keys unless you tell it how to merge the two values',
        fix: {
          lang: 'java',
          code: 'Map<Integer, String> byId = users.stream()\n    .collect(Collectors.toMap(User::id, User::name, (first, second) -> first));',
        },
        advice: 'The third argument decides which value wins; groupingBy keeps all of them instead.',
      },
      {
        subject: 'removing items in a for-each loop',
        symptom: 'fails with an exception',
        goal: 'remove blank strings from a list',
        snippet: {
          lang: 'java',
          code: 'for (String item : items) {\n    if (item.isBlank()) {\n        items.remove(item);\n    }\n}',
        },
        error: 'java.util.ConcurrentModificationException',
        cause: 'the loop iterator notices that the list changed underneath it',
        fix: { lang: 'java', code: 'items.removeIf(String::isBlank);' },
        advice: 'removeIf iterates and removes safely in one call.',
      },
      {
        subject: 'my thread pool of 200 threads',
        symptom: 'still cannot keep up with slow HTTP calls',
        goal: 'run thousands of blocking calls concurrently',
        snippet: {
          lang: 'java',
          code: 'ExecutorService pool = Executors.newFixedThreadPool(200);\nfor (String url : urls) {\n    pool.submit(() -> fetch(url));\n}',
        },
        cause: 'each platform thread is expensive, so the pool size caps how many calls can wait at the same time',
        fix: {
          lang: 'java',
          code: 'try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {\n    for (String url : urls) {\n        executor.submit(() -> fetch(url));\n    }\n}',
        },
        advice: 'Virtual threads (Java 21 and later) make one thread per blocking task affordable.',
      },
    ],
  },
  {
    tag: 'sql',
    name: 'SQL',
    docs: 'https://www.postgresql.org/docs/current/sql.html',
    related: ['postgresql', 'mysql', 'sqlite', 'performance'],
    versions: ['PostgreSQL 16', 'MySQL 8.4', 'SQLite 3.46', 'MariaDB 11'],
    cases: [
      {
        subject: 'my LEFT JOIN',
        symptom: 'drops the customers without paid orders',
        goal: 'count paid orders per customer, including customers with none',
        snippet: {
          lang: 'sql',
          code: "SELECT c.name, COUNT(o.id)\nFROM customers c\nLEFT JOIN orders o ON o.customer_id = c.id\nWHERE o.status = 'paid'\nGROUP BY c.name;",
        },
        cause:
          'the WHERE condition on orders rejects the rows where the join found nothing, which turns it into an inner join',
        fix: {
          lang: 'sql',
          code: "SELECT c.name, COUNT(o.id)\nFROM customers c\nLEFT JOIN orders o ON o.customer_id = c.id AND o.status = 'paid'\nGROUP BY c.name;",
        },
        advice: 'Conditions on the optional side of a LEFT JOIN belong in its ON clause.',
      },
      {
        subject: 'my NOT IN subquery',
        symptom: 'returns no rows at all',
        goal: 'find events of users that are not banned',
        snippet: { lang: 'sql', code: 'SELECT *\nFROM events\nWHERE user_id NOT IN (SELECT user_id FROM banned);' },
        cause: 'banned contains a NULL user_id, and x NOT IN (..., NULL) is never true',
        fix: {
          lang: 'sql',
          code: 'SELECT e.*\nFROM events e\nWHERE NOT EXISTS (SELECT 1 FROM banned b WHERE b.user_id = e.user_id);',
        },
        advice: 'NOT EXISTS behaves the way most people expect NOT IN to.',
      },
      {
        subject: 'paging with OFFSET',
        symptom: 'gets slower with every page',
        goal: 'paginate a large table without OFFSET',
        snippet: {
          lang: 'sql',
          code: 'SELECT id, title\nFROM posts\nORDER BY created_at DESC\nLIMIT 20 OFFSET 100000;',
        },
        cause: 'OFFSET still reads and throws away every row it skips',
        fix: {
          lang: 'sql',
          code: 'SELECT id, title, created_at\nFROM posts\nWHERE (created_at, id) < (:last_created_at, :last_id)\nORDER BY created_at DESC, id DESC\nLIMIT 20;',
        },
        advice: 'Keyset pagination with an index on (created_at, id) keeps every page as fast as the first.',
      },
      {
        subject: 'selecting the latest order per customer',
        symptom: 'fails with a GROUP BY error',
        goal: 'get the latest row per group',
        snippet: {
          lang: 'sql',
          code: 'SELECT customer_id, total, MAX(created_at)\nFROM orders\nGROUP BY customer_id;',
        },
        error: 'ERROR: column "orders.total" must appear in the GROUP BY clause or be used in an aggregate function',
        cause: 'after grouping there is no single total per customer for the database to pick',
        fix: {
          lang: 'sql',
          code: 'SELECT customer_id, total, created_at\nFROM (\n  SELECT o.*, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY created_at DESC) AS rn\n  FROM orders o\n) latest\nWHERE rn = 1;',
        },
        advice: 'ROW_NUMBER() over a partition is the portable way to pick one row per group.',
      },
    ],
  },
  {
    tag: 'docker',
    name: 'Docker',
    docs: 'https://docs.docker.com/',
    related: ['linux', 'kubernetes', 'ci', 'networking'],
    versions: ['26', '27', '28'],
    cases: [
      {
        subject: 'every build of my image',
        symptom: 'reinstalls all dependencies',
        goal: 'make rebuilds fast when only the code changed',
        snippet: {
          lang: 'dockerfile',
          code: 'FROM node:22\nWORKDIR /app\nCOPY . .\nRUN npm install\nCMD ["node", "server.js"]',
        },
        cause: 'COPY . . comes before the install, so any change to any file invalidates the cached install layer',
        fix: {
          lang: 'dockerfile',
          code: 'FROM node:22-slim\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\nCOPY . .\nCMD ["node", "server.js"]',
        },
        advice: 'Copy the lock file and install first; a .dockerignore keeps the build context small too.',
      },
      {
        subject: 'my API container',
        symptom: 'cannot connect to the database container',
        goal: 'connect two services in Compose',
        snippet: {
          lang: 'yaml',
          code: 'services:\n  api:\n    build: .\n    environment:\n      DATABASE_URL: postgres://app@localhost:5432/app\n  db:\n    image: postgres:16',
        },
        error: 'Error: connect ECONNREFUSED 127.0.0.1:5432',
        cause: 'inside a container localhost is that container, not the database service',
        fix: {
          lang: 'yaml',
          code: 'services:\n  api:\n    build: .\n    environment:\n      DATABASE_URL: postgres://app@db:5432/app\n    depends_on:\n      db:\n        condition: service_healthy',
        },
        advice:
          'Compose services reach each other by service name; depends_on with a healthcheck waits until the database is ready.',
      },
      {
        subject: 'the entrypoint script',
        symptom: 'is reported as missing although it is in the image',
        goal: 'run a shell script as the container entrypoint',
        snippet: { lang: 'dockerfile', code: 'COPY start.sh /app/start.sh\nENTRYPOINT ["/app/start.sh"]' },
        error: 'exec /app/start.sh: no such file or directory',
        cause: 'the script has Windows line endings, so the kernel looks for an interpreter called "sh\\r"',
        fix: {
          lang: 'dockerfile',
          code: 'COPY start.sh /app/start.sh\nRUN sed -i \'s/\\r$//\' /app/start.sh && chmod +x /app/start.sh\nENTRYPOINT ["/app/start.sh"]',
        },
        advice: 'A .gitattributes rule with eol=lf for *.sh stops this from coming back.',
      },
    ],
  },
  {
    tag: 'kubernetes',
    name: 'Kubernetes',
    docs: 'https://kubernetes.io/docs/home/',
    related: ['docker', 'networking', 'linux', 'ci'],
    versions: ['1.29', '1.30', '1.31'],
    cases: [
      {
        subject: 'my new pods',
        symptom: 'never become ready during a rollout',
        goal: 'give a slow-starting app time before the readiness probe counts',
        snippet: {
          lang: 'yaml',
          code: 'readinessProbe:\n  httpGet:\n    path: /healthz\n    port: 8080\n  periodSeconds: 2\n  failureThreshold: 1',
        },
        error: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
        cause: 'the probe gives up after a single failure while the app is still warming up',
        fix: {
          lang: 'yaml',
          code: 'startupProbe:\n  httpGet:\n    path: /healthz\n    port: 8080\n  periodSeconds: 2\n  failureThreshold: 30\nreadinessProbe:\n  httpGet:\n    path: /healthz\n    port: 8080\n  periodSeconds: 5\n  failureThreshold: 3',
        },
        advice: 'A startup probe protects slow starters without loosening the readiness probe for later.',
      },
      {
        subject: 'my Service',
        symptom: 'has no endpoints',
        goal: 'route traffic from a Service to the pods of a Deployment',
        snippet: {
          lang: 'yaml',
          code: 'kind: Service\nspec:\n  selector:\n    app: web\n  ports:\n    - port: 80\n      targetPort: 3000',
        },
        cause: 'the selector says app: web, but the pod template labels the pods app: frontend',
        fix: {
          lang: 'shell',
          code: 'kubectl get pods --show-labels\nkubectl get endpoints web\n# then make spec.selector match the pod template labels',
        },
        advice: 'kubectl get endpoints is the quickest way to see whether a Service found any pods.',
      },
      {
        subject: 'a bad release',
        symptom: 'is already serving traffic',
        goal: 'roll back a deployment quickly',
        snippet: {
          lang: 'shell',
          code: '$ kubectl set image deployment/web web=registry.example/web:2.4.0\n$ kubectl get pods\nweb-7c9d   0/1   CrashLoopBackOff   4   2m',
        },
        error: 'Back-off restarting failed container',
        cause: 'the new image crashes on start, and the rollout keeps trying',
        fix: {
          lang: 'shell',
          code: 'kubectl rollout undo deployment/web\nkubectl rollout status deployment/web\nkubectl logs deployment/web --previous',
        },
        advice: 'kubectl logs --previous shows the output of the container that crashed.',
      },
    ],
  },
  {
    tag: 'linux',
    name: 'Linux',
    docs: 'https://man7.org/linux/man-pages/',
    related: ['bash', 'networking', 'docker', 'security'],
    versions: ['Debian 12', 'Ubuntu 24.04', 'Fedora 41'],
    cases: [
      {
        subject: 'my systemd service',
        symptom: 'works from the shell but fails to start as a unit',
        goal: 'run a Node.js app as a systemd service',
        snippet: { lang: 'ini', code: '[Service]\nExecStart=node server.js\nRestart=always' },
        error: 'Job for app.service failed because the control process exited with error code.',
        cause: 'systemd does not use your login shell: node is not on its PATH and the working directory is /',
        fix: {
          lang: 'ini',
          code: '[Service]\nUser=app\nWorkingDirectory=/srv/app\nExecStart=/usr/bin/node server.js\nRestart=on-failure',
        },
        advice: 'journalctl -u app -e shows the last lines the unit wrote.',
      },
      {
        subject: 'the server',
        symptom: 'says the disk is full although I deleted the big log file',
        goal: 'find what is using the disk space',
        snippet: {
          lang: 'shell',
          code: '$ rm /var/log/app/huge.log\n$ df -h /\nFilesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        40G   40G     0 100% /',
        },
        error: 'No space left on device',
        cause: 'a running process still has the deleted file open, so its blocks are not freed',
        fix: {
          lang: 'shell',
          code: 'sudo lsof +L1\n# restart the process that holds the deleted file, or truncate it through /proc:\n: | sudo tee /proc/<pid>/fd/<fd>',
        },
        advice: 'Truncate log files instead of deleting them while a process writes to them.',
      },
      {
        subject: 'ssh with my new key',
        symptom: 'still asks for a password',
        goal: 'log in with an SSH key',
        snippet: {
          lang: 'shell',
          code: '$ ls -l ~/.ssh\n-rw-rw-r-- 1 me me  411 authorized_keys\n-rw-r--r-- 1 me me 2602 id_ed25519',
        },
        error: 'Permission denied (publickey).',
        cause: 'the files are writable or readable by others, and sshd ignores keys with loose permissions',
        fix: { lang: 'shell', code: 'chmod 700 ~/.ssh\nchmod 600 ~/.ssh/authorized_keys ~/.ssh/id_ed25519' },
        advice: 'ssh -v shows which keys the client offers and why the server refused them.',
      },
    ],
  },
  {
    tag: 'bash',
    name: 'Bash',
    docs: 'https://www.gnu.org/software/bash/manual/',
    related: ['linux', 'regex', 'ci'],
    versions: ['5.1', '5.2'],
    cases: [
      {
        subject: 'my loop over image files',
        symptom: 'breaks on names with spaces',
        goal: 'loop over files whose names contain spaces',
        snippet: { lang: 'bash', code: 'for f in $(ls *.jpg); do\n  convert $f -resize 50% small_$f\ndone' },
        cause: 'the output of ls is split on spaces and the unquoted $f is split again',
        fix: {
          lang: 'bash',
          code: 'shopt -s nullglob\nfor f in *.jpg; do\n  convert "$f" -resize 50% "small_$f"\ndone',
        },
        advice: 'Quote every expansion unless you want word splitting; shellcheck points out the ones you missed.',
      },
      {
        subject: 'a counter in a while read loop',
        symptom: 'is zero after the loop',
        goal: 'count lines in a loop and use the count afterwards',
        snippet: {
          lang: 'bash',
          code: 'count=0\ncat list.txt | while read line; do\n  count=$((count + 1))\ndone\necho "$count"  # prints 0',
        },
        cause: 'the right side of a pipe runs in a subshell, and its variables vanish when it ends',
        fix: {
          lang: 'bash',
          code: 'count=0\nwhile IFS= read -r line; do\n  count=$((count + 1))\ndone < list.txt\necho "$count"',
        },
        advice: 'Redirect the file into the loop instead of piping into it.',
      },
      {
        subject: 'my deploy script',
        symptom: 'keeps going after a command failed',
        goal: 'stop a script at the first error',
        snippet: {
          lang: 'bash',
          code: '#!/bin/bash\nnpm run build\nrsync -a dist/ server:/srv/app/\nssh server systemctl restart app',
        },
        cause: 'bash continues after a failing command unless you ask it not to',
        fix: {
          lang: 'bash',
          code: '#!/bin/bash\nset -euo pipefail\nnpm run build\nrsync -a dist/ server:/srv/app/\nssh server systemctl restart app',
        },
        advice: 'set -euo pipefail makes failures, unset variables and broken pipes stop the script.',
      },
    ],
  },
  {
    tag: 'git',
    name: 'Git',
    docs: 'https://git-scm.com/doc',
    related: ['ci', 'linux'],
    versions: ['2.44', '2.46', '2.48'],
    cases: [
      {
        subject: 'my last commit',
        symptom: 'went to main instead of my feature branch',
        goal: 'move the last commit to another branch',
        snippet: {
          lang: 'shell',
          code: '$ git log --oneline -2\n9f2c1aa add login form   (main)\n03ac9e2 release 1.4',
        },
        cause: 'the commit was made while main was checked out',
        fix: {
          lang: 'shell',
          code: 'git branch feature/login      # keep the commit on a new branch\ngit reset --hard HEAD~1        # move main back\ngit switch feature/login',
        },
        advice: 'git reflog remembers where every branch has been; almost nothing is truly lost.',
      },
      {
        subject: 'a file listed in .gitignore',
        symptom: 'still shows up as modified',
        goal: 'stop tracking a file without deleting it',
        snippet: { lang: 'shell', code: '$ cat .gitignore\n.env\n$ git status\n\tmodified:   .env' },
        cause: '.gitignore only affects files that are not tracked yet, and .env was committed before',
        fix: { lang: 'shell', code: 'git rm --cached .env\ngit commit -m "Stop tracking .env"' },
        advice: 'If the file held secrets, rotate them: they remain in the history.',
      },
      {
        subject: 'git push',
        symptom: 'is rejected after I rebased my branch',
        goal: 'update a remote branch after a rebase',
        snippet: {
          lang: 'shell',
          code: '$ git rebase main\n$ git push\n ! [rejected]        feature -> feature (non-fast-forward)',
        },
        error: 'error: failed to push some refs',
        cause: 'the rebase rewrote the commits, so the remote branch is no longer an ancestor of yours',
        fix: { lang: 'shell', code: 'git push --force-with-lease' },
        advice: '--force-with-lease refuses to overwrite commits someone else pushed in the meantime.',
      },
    ],
  },
  {
    tag: 'react',
    name: 'React',
    docs: 'https://react.dev/',
    related: ['javascript', 'typescript', 'css', 'testing', 'performance'],
    versions: ['18', '19'],
    cases: [
      {
        subject: 'my profile component',
        symptom: 'keeps showing the previous user',
        goal: 'fetch data again when a prop changes',
        snippet: {
          lang: 'jsx',
          code: 'function Profile({ userId }) {\n  const [user, setUser] = useState(null);\n  useEffect(() => {\n    fetch(`/api/users/${userId}`).then((r) => r.json()).then(setUser);\n  }, []);\n  return <h1>{user?.name}</h1>;\n}',
        },
        cause: 'the effect has an empty dependency list, so it runs once and never again when userId changes',
        fix: {
          lang: 'jsx',
          code: 'useEffect(() => {\n  let ignore = false;\n  fetch(`/api/users/${userId}`)\n    .then((r) => r.json())\n    .then((data) => {\n      if (!ignore) setUser(data);\n    });\n  return () => {\n    ignore = true;\n  };\n}, [userId]);',
        },
        advice: 'The ignore flag in the cleanup keeps a slow old response from overwriting a newer one.',
      },
      {
        subject: 'removing a row from my list',
        symptom: 'leaves the wrong input values on screen',
        goal: "keep each row's state attached to the right item",
        snippet: {
          lang: 'jsx',
          code: '{items.map((item, index) => (\n  <Row key={index} item={item} onRemove={remove} />\n))}',
        },
        error: 'Warning: Each child in a list should have a unique "key" prop.',
        cause: 'with the index as key, React matches rows by position and reuses the state of the wrong row',
        fix: {
          lang: 'jsx',
          code: '{items.map((item) => (\n  <Row key={item.id} item={item} onRemove={remove} />\n))}',
        },
        advice: 'Use a stable id from your data as key, never the position.',
      },
      {
        subject: 'my edit form',
        symptom: 'keeps the old values when I select another item',
        goal: 'reset a form when the selected item changes',
        snippet: {
          lang: 'jsx',
          code: 'function EditForm({ item }) {\n  const [title, setTitle] = useState(item.title);\n  return <input value={title} onChange={(e) => setTitle(e.target.value)} />;\n}',
        },
        cause: 'useState uses its argument only on the first render; later renders keep the existing state',
        fix: { lang: 'jsx', code: '<EditForm key={selected.id} item={selected} />' },
        advice: 'A key that changes with the item makes React start the form fresh.',
      },
    ],
  },
  {
    tag: 'css',
    name: 'CSS',
    docs: 'https://developer.mozilla.org/en-US/docs/Web/CSS',
    related: ['html', 'react', 'performance'],
    versions: ['Chrome 131', 'Firefox 133', 'Safari 18'],
    cases: [
      {
        subject: 'the title in my flex row',
        symptom: 'pushes the buttons out of the card instead of showing an ellipsis',
        goal: 'truncate text with an ellipsis inside a flex row',
        snippet: {
          lang: 'css',
          code: '.row {\n  display: flex;\n}\n.title {\n  white-space: nowrap;\n  overflow: hidden;\n  text-overflow: ellipsis;\n}',
        },
        cause: 'a flex item does not shrink below its content width unless its min-width is 0',
        fix: {
          lang: 'css',
          code: '.title {\n  flex: 1;\n  min-width: 0;\n  white-space: nowrap;\n  overflow: hidden;\n  text-overflow: ellipsis;\n}',
        },
        advice: 'min-width: 0 on flex children fixes most "why does it overflow" puzzles.',
      },
      {
        subject: 'my sticky sidebar',
        symptom: 'scrolls away with the page',
        goal: 'keep a sidebar in view while the page scrolls',
        snippet: {
          lang: 'css',
          code: '.layout {\n  overflow: hidden;\n}\n.sidebar {\n  position: sticky;\n  top: 0;\n}',
        },
        cause: 'sticky sticks within the nearest scrolling ancestor, and overflow: hidden on .layout makes it one',
        fix: {
          lang: 'css',
          code: '.layout {\n  overflow: clip; /* clips like hidden, without creating a scroll container */\n}\n.sidebar {\n  position: sticky;\n  top: 0;\n  align-self: start;\n}',
        },
        advice: 'The dev tools show which ancestor is the scroll container.',
      },
      {
        subject: 'my card grid',
        symptom: 'needs a new media query for every screen size',
        goal: 'build a responsive grid without media queries',
        snippet: {
          lang: 'css',
          code: '.cards { display: grid; grid-template-columns: repeat(4, 1fr); }\n@media (max-width: 900px) { .cards { grid-template-columns: repeat(2, 1fr); } }',
        },
        cause: 'fixed column counts have to be switched by hand at each breakpoint',
        fix: {
          lang: 'css',
          code: '.cards {\n  display: grid;\n  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));\n  gap: 1rem;\n}',
        },
        advice: 'auto-fill with minmax lets the browser choose the number of columns.',
      },
    ],
  },
  {
    tag: 'node.js',
    name: 'Node.js',
    docs: 'https://nodejs.org/docs/latest/api/',
    related: ['javascript', 'typescript', 'performance', 'testing', 'docker'],
    versions: ['20', '22', '24'],
    cases: [
      {
        subject: 'my CSV import',
        symptom: 'runs out of memory on large files',
        goal: 'process a large file line by line',
        snippet: js(
          "import fs from 'node:fs';\n\nconst data = fs.readFileSync('big.csv', 'utf8');\nfor (const line of data.split('\\n')) {\n  handle(line);\n}",
        ),
        error: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
        cause: 'readFileSync and split keep the whole file and every line in memory at once',
        fix: js(
          "import { createReadStream } from 'node:fs';\nimport { createInterface } from 'node:readline';\n\nconst lines = createInterface({ input: createReadStream('big.csv'), crlfDelay: Infinity });\nfor await (const line of lines) {\n  await handle(line);\n}",
        ),
        advice: 'Streams keep memory flat no matter how big the input is.',
      },
      {
        subject: 'my server',
        symptom: 'drops requests during deployments',
        goal: 'shut an HTTP server down gracefully',
        snippet: js("process.on('SIGTERM', () => {\n  process.exit(0);\n});"),
        cause: 'exiting at once on SIGTERM kills the requests that are still being handled',
        fix: js(
          "process.on('SIGTERM', () => {\n  server.close(() => process.exit(0));\n  setTimeout(() => process.exit(1), 10_000).unref();\n});",
        ),
        advice: 'server.close stops accepting connections and waits for the open ones to finish.',
      },
      {
        subject: 'require of a dependency',
        symptom: 'fails after the package released a new major version',
        goal: 'load an ES module from CommonJS code',
        snippet: js("const { nanoid } = require('nanoid');"),
        error: 'Error [ERR_REQUIRE_ESM]: require() of ES Module not supported.',
        cause: 'the new version ships only ES modules, which require cannot load in this Node version',
        fix: js(
          "async function main() {\n  const { nanoid } = await import('nanoid');\n  console.log(nanoid());\n}\nmain();",
        ),
        advice: 'Dynamic import() works from CommonJS; moving the project to ES modules removes the problem for good.',
      },
    ],
  },
];

/** What a question is about, in a few words, for intros. */
export const CONTEXTS = [
  'a small internal dashboard for our support team',
  'a side project that tracks my running times',
  'an API for a second-hand bookshop',
  'a command line tool that renames holiday photos',
  'the nightly import of our sales data',
  'a course assignment about web services',
  'the deployment scripts of our team',
  'a booking page for a yoga studio',
  'a Discord bot for my study group',
  'a data pipeline that cleans sensor readings',
  'a migration of an old PHP site',
  'a library I maintain in my spare time',
];

export const ATTEMPTS = [
  'Restarting everything and clearing the caches.',
  'Searching the issue tracker; the closest report is from two years ago.',
  'Reducing the code to the snippet above, which still shows the problem.',
  'Reading the official documentation page twice.',
  'Adding logging around the call: the values look right until the last step.',
  "Trying the same thing on a colleague's machine, with the same result.",
  'Upgrading to the latest patch release.',
  'Asking a chat assistant, whose answer did not compile.',
];

export const CLOSINGS = [
  'Is there something obvious I am missing, or is this expected behaviour?',
  'What would be the idiomatic way to do this?',
  'Any pointers are welcome, even just the right term to search for.',
  'I would also like to understand why, not only how to make it work.',
  'Thanks in advance, I have been stuck on this for a day.',
];

/** Openers of an answer; each is followed by the case's cause. */
export const ANSWER_OPENERS = [
  'This happens because',
  'I ran into the same thing last month:',
  'Good question; the error message does not help much here. The reason is that',
  'You are very close. The problem is that',
  'Short version:',
];

/** Openers of a second or later answer, which adds to the first. */
export const FOLLOW_UP_OPENERS = [
  'To add to the existing answer:',
  'One more thing worth knowing:',
  'An alternative that worked for me:',
  'I would also suggest this:',
];

export const COMMENTS_ON_QUESTIONS = [
  'Could you add the full error message, including the first lines of the stack trace?',
  'Which version of {name} are you using?',
  'Does it also happen with a fresh project, or only in this one?',
  'Can you show how the function is called?',
  'I can reproduce this on {name} {version}.',
  'Please edit the question to include what you expected to happen.',
  'Related, but not quite the same problem: have a look at the {name} docs on this.',
  'Same here. Following this question.',
];

export const COMMENTS_ON_ANSWERS = [
  'This fixed it for me, thank you!',
  'Worth mentioning that this needs {name} {version} or newer.',
  'Nice explanation. The second point was exactly my problem.',
  'Is there a way to do this without the extra dependency?',
  'I would add a test for the edge case with empty input.',
  'This works, but it is noticeably slower on large inputs in my measurements.',
  'Clear and to the point. Upvoted.',
  'Could you explain why the first approach fails?',
];

export const REPLIES = [
  'Good point, I have updated the snippet.',
  'Thanks, that was the missing piece.',
  'I tried that too, same result unfortunately.',
  'Agreed, although it depends on the size of the data.',
  'Yes, that is exactly what I meant.',
];

export const EDIT_SUMMARIES = [
  'Fixed formatting of the code block',
  'Added the error message',
  'Clarified the question title',
  'Corrected a typo',
  'Added the version numbers',
  'Improved the explanation',
];

export const SUGGESTED_EDIT_SUMMARIES = ['Improved grammar', 'Added a link to the documentation', 'Formatted the code'];

/** Questions about the site itself (tag support), with their answers. */
export const SUPPORT_QA: ReadonlyArray<{ title: string; body: string; answer: string }> = [
  {
    title: 'Why can I not vote on posts yet?',
    body: 'I created my account yesterday and the vote buttons tell me I do not have enough reputation. How much do I need, and how do I earn it?',
    answer:
      'Voting up needs a little reputation, voting down a bit more. You earn reputation when others vote up your questions and answers, and when your answer is accepted. Asking one clear question is usually enough to get started.',
  },
  {
    title: 'How do I change my display name and avatar?',
    body: 'I signed up with my e-mail address and now my display name looks like a username. Where can I change it?',
    answer:
      'Open your profile menu, choose Settings, and edit the Profile tab. The display name can be changed at any time; the avatar can be a letter, a Gravatar or an uploaded image.',
  },
  {
    title: 'Can I edit an answer that someone else wrote?',
    body: 'I found a small mistake in an otherwise great answer. Is it OK to fix it myself?',
    answer:
      "Yes. Until you have enough reputation your edit is a suggestion that a reviewer approves or rejects; after that your edits apply immediately. Keep the author's intent and explain the change in the edit summary.",
  },
  {
    title: 'What should I do when my question was closed?',
    body: 'My question was closed as unclear. I think it was clear enough. What are my options?',
    answer:
      'Edit the question so that it answers the comments: add the code, the exact error and what you expected. A moderator can then reopen it. A closed question stays visible and can still be edited and voted on.',
  },
];

/** The pinned posts of the sample site. */
export const WELCOME_TITLE = 'Welcome! How this site works';
export const GUIDE_TITLE = 'Read this before asking: writing a question that gets answered';
