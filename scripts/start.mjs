#!/usr/bin/env node
// `npm start`: builds when needed (scripts/build-if-needed.mjs), then runs the server in this same
// process, so that a signal to this process stops the server gracefully.
//
// npm passes SIGTERM and SIGINT on to the shell that runs this script, but dash (the `sh` of
// Debian and Ubuntu) dies of them without passing them on, and this process would keep running
// under another parent after `kill <pid of npm start>`. So: once the parent has gone, stop as if
// signalled (once: a second SIGTERM would cut the graceful shutdown short).
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  process.kill(process.pid, 'SIGTERM');
}, 200);
orphaned.unref();

const { buildIfNeeded } = await import('./build-if-needed.mjs');
await buildIfNeeded();
await import('../dist/server/main.js');
