// A real, small DNS server for the tests: answers TXT queries over UDP from a map (NXDOMAIN for names it does not
// hold, an empty answer for other types); for a name set to fail, SERVFAIL, or no answer at all (the resolver times out). The test stacks start one and point the auth service at it (DNS_SERVERS);
// tests in other processes set its records through a little HTTP endpoint on the same port number (TCP).
import dgram from 'node:dgram';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const TXT = 16;

/** The question's name (lower-case), type and where the question ends; undefined for what is not a query. */
function question(packet) {
  if (packet.length < 12 || packet.readUInt16BE(4) !== 1) return undefined;
  const labels = [];
  let at = 12;
  while (at < packet.length && packet[at] !== 0) {
    const length = packet[at];
    if (length > 63 || at + 1 + length > packet.length) return undefined;
    labels.push(packet.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > packet.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: packet.readUInt16BE(at + 1), end: at + 5 };
}

const SERVFAIL = 2;
const NXDOMAIN = 3;

function answer(query, records, failures) {
  const q = question(query);
  if (!q) return undefined;
  const failure = failures.get(q.name);
  if (failure === 'no-answer') return undefined;
  const values = failure ? undefined : records.get(q.name);
  const answers = q.type === TXT && values ? values : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // the query's id
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | (failure ? SERVFAIL : values ? 0 : NXDOMAIN), 2); // answer, authoritative, RD echoed
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const rrs = answers.map((value) => {
    const text = Buffer.from(value);
    const chunks = [];
    for (let i = 0; i < text.length || i === 0; i += 255) chunks.push(Buffer.from([Math.min(255, text.length - i)]), text.subarray(i, i + 255));
    const data = Buffer.concat(chunks);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the question's name
    rr.writeUInt16BE(TXT, 2);
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(0, 6); // TTL 0: never kept by the resolver
    rr.writeUInt16BE(data.length, 10);
    return Buffer.concat([rr, data]);
  });
  return Buffer.concat([header, query.subarray(12, q.end), ...rrs]);
}

/**
 * Starts the server on 127.0.0.1:`port` (0: any free port). `setTxt(name, values)` sets a name's TXT records ([] removes
 * them); `setFailure(name, 'servfail' | 'no-answer' | null)` makes its queries fail that way (null: answered again).
 */
export async function startDnsTestServer({ port = 0 } = {}) {
  const records = new Map();
  const failures = new Map();
  const setTxt = (name, values) => (values.length ? records.set(name.toLowerCase(), values) : records.delete(name.toLowerCase()));
  const setFailure = (name, failure) => (failure ? failures.set(name.toLowerCase(), failure) : failures.delete(name.toLowerCase()));
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    const reply = answer(query, records, failures);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise((resolve, reject) => socket.once('error', reject).bind(port, '127.0.0.1', resolve));
  const bound = socket.address().port;
  const control = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { name, values, failure } = JSON.parse(body || '{}');
      if (req.method !== 'PUT' || typeof name !== 'string') return res.writeHead(400).end();
      if (Array.isArray(values)) setTxt(name, values);
      else if (failure === null || failure === 'servfail' || failure === 'no-answer') setFailure(name, failure);
      else return res.writeHead(400).end();
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve, reject) => control.once('error', reject).listen(bound, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${bound}`,
    controlUrl: `http://127.0.0.1:${bound}`,
    setTxt,
    setFailure,
    close: () => Promise.all([new Promise((r) => socket.close(r)), new Promise((r) => control.close(r))]),
  };
}

/** Sets TXT records of the test DNS server another process started (its `controlUrl`). */
export async function setTxtRecords(controlUrl, name, values) {
  const res = await fetch(controlUrl, { method: 'PUT', body: JSON.stringify({ name, values }) });
  if (res.status !== 204) throw new Error(`The test DNS server refused the records of ${name}: ${res.status}`);
}

/** Makes the test DNS server another process started fail the queries of `name` ('servfail', 'no-answer'; null: answer them again). */
export async function setDnsFailure(controlUrl, name, failure) {
  const res = await fetch(controlUrl, { method: 'PUT', body: JSON.stringify({ name, failure }) });
  if (res.status !== 204) throw new Error(`The test DNS server refused the failure of ${name}: ${res.status}`);
}

// Run as a process of its own (`node dns-test-server.mjs --port N`), as the test stacks do: a server in the process that
// starts the stack would stop answering whenever that process waits on a test run (test.mjs runs them synchronously).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--port');
  const server = await startDnsTestServer({ port: at > 0 ? Number(process.argv[at + 1]) : 0 });
  console.log(`Test DNS server on ${server.server} (records set with PUT ${server.controlUrl})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}
