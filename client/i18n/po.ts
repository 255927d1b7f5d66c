/** The .po reader lives in shared/po.ts: the server's catalogue of its texts is read with it too. */
export { placeholders, pluralCategories, readPo, readPoEntries } from '../../shared/po.js';
