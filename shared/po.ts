/**
 * A gettext .po catalog read as { msgid: msgstr } (the header entry left out): enough for the
 * tests that compare catalogs. Lingui writes one `msgid`/`msgstr` pair per message; continued
 * lines ("…" on the next line) are joined as gettext does.
 */
export function readPo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (field === 'msgstr' && id !== '') entries.set(id, str);
    field = null;
    id = '';
    str = '';
  };
  const unquote = (quoted: string) => JSON.parse(quoted) as string;
  for (const line of text.split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === 'msgid') flush();
      field = start[1] as 'msgid' | 'msgstr';
      if (field === 'msgid') id = unquote(start[2]);
      else str = unquote(start[2]);
    } else if (/^".*"$/.test(line) && field !== null) {
      if (field === 'msgid') id += unquote(line);
      else str += unquote(line);
    } else if (line.trim() === '') {
      flush();
    }
  }
  flush();
  return entries;
}

/**
 * What a message needs filled in, as a sorted list: its ICU arguments ({name}, {n, plural, …})
 * and its numbered tags (<0>, </0>, <1/>). A translation must ask for exactly the same.
 */
export function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{\s*([\w$]+)\s*[,}]/g)].map((match) => `{${match[1]}}`);
  const tags = [...message.matchAll(/<\/?\d+\/?>/g)].map((match) => match[0]);
  return [...new Set([...names, ...tags])].sort();
}

/** The plural categories a message's `plural` arguments use (one, other, many…; =N left out). */
export function pluralCategories(message: string): string[] {
  if (!/,\s*plural\s*,/.test(message)) return [];
  return [...message.matchAll(/(?:^|[\s,}])(zero|one|two|few|many|other)\s*\{/g)].map((match) => match[1]);
}

/** A catalog entry with what lingui notes above it: where the code uses it, and whether its id is explicit. */
export interface PoEntry {
  readonly id: string;
  readonly message: string;
  /** The files that use the message (`#:` origins, line numbers left out), once each. */
  readonly files: readonly string[];
  /** How many places use it (each `file:line` of the origins). */
  readonly uses: number;
  /** Declared with an explicit id (`#. js-lingui-explicit-id`), not keyed by its English. */
  readonly explicitId: boolean;
}

/** Every entry of a .po catalog written with origins (a fresh `lingui extract`), as readPo reads its pairs. */
export function readPoEntries(text: string): PoEntry[] {
  const messages = readPo(text);
  const entries: PoEntry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const id = /^msgid (".*")$/m.exec(block);
    if (!id) continue;
    // The id as readPo joins it (continued lines included).
    const key = [...readPo(`${block}\n`).keys()][0];
    if (key === undefined) continue;
    const origins = [...block.matchAll(/^#: (.*)$/gm)].flatMap((line) => line[1].split(/\s+/).filter(Boolean));
    entries.push({
      id: key,
      message: messages.get(key) ?? '',
      files: [...new Set(origins.map((origin) => origin.replace(/:\d+$/, '')))],
      uses: origins.length,
      explicitId: /^#\. js-lingui-explicit-id$/m.test(block),
    });
  }
  return entries;
}
