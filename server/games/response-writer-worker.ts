/**
 * The writer thread of a SQLite file database (see WriterThread): stores friends' responses in
 * batches, each in one transaction, with its own connection. It also runs the checkpoints that
 * copy the log into the database file (they wait for the disk): SQLite's automatic one after its
 * own commits, and once a second for what the main connection wrote, which never checkpoints.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { setConnectionPragmas } from '../db/database.js';
import { commitBatch } from '../db/group-commit.js';
import { type FromWriter, type ToWriter, toWire } from '../db/writer-thread.js';
import type { AddResponseResult } from './repository.js';
import { type ResponseWrite, responseWriter } from './sqlite-responses.js';

const port = parentPort;
if (!port) throw new Error('response-writer-worker runs as a worker thread.');
const { path } = workerData as { path: string };

const db = new Database(path);
setConnectionPragmas(db);
const write = responseWriter(db);
const transaction = db.transaction((inputs: readonly ResponseWrite[]) => inputs.map(write));
const checkpoints = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), 1000);

const send = (message: FromWriter<AddResponseResult>) => port.postMessage(message);

port.on('message', (message: ToWriter<ResponseWrite>) => {
  if (message.type === 'close') {
    clearInterval(checkpoints);
    db.close();
    port.close();
    return;
  }
  send({ type: 'done', id: message.id, outcomes: commitBatch(transaction, message.inputs).map(toWire) });
});
send({ type: 'ready' });
