/**
 * npm run bench            both benchmarks
 * npm run bench -- live    live fan-out only (1,000 subscribers, 30 responses)
 * npm run bench -- http    HTTP load only (5 s per call)
 */
import { httpLoad, printHttpLoad } from './http.js';
import { liveFanout, printLiveFanout } from './live-fanout.js';

const [which = 'all', ...args] = process.argv.slice(2);
console.log(`Wavelength benchmarks on Node ${process.version}, ${new Date().toISOString()}`);
if (which === 'all' || which === 'live') {
  printLiveFanout(await liveFanout(Number(args[0] ?? 1000), Number(args[1] ?? 30)));
}
if (which === 'all' || which === 'http') {
  printHttpLoad(await httpLoad(Number(args[which === 'http' ? 0 : 2] ?? 5)));
}
