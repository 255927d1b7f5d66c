#!/usr/bin/env node
// Copies the live database to a file while the server keeps running (SQLite's online backup),
// e.g. `node scripts/backup.mjs /data/backup-$(date +%F).db`.
import Database from 'better-sqlite3';

const destination = process.argv[2];
if (!destination) {
  console.error('Usage: node scripts/backup.mjs <destination.db>');
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? 'sqlite:./data/wavelength.db';
if (!url.startsWith('sqlite:') || url === 'sqlite::memory:') {
  console.error(`Cannot back up DATABASE_URL=${url}: only a sqlite:<path> database can be copied.`);
  process.exit(2);
}
const db = new Database(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
try {
  await db.backup(destination);
  console.log(`Backed up ${url.slice('sqlite:'.length)} to ${destination}`);
} finally {
  db.close();
}
