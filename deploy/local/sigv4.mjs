// AWS Signature Version 4 checked the way S3 checks it, for the embedded
// s3rver (which accepts any v4 signature): a request is served only when it is
// signed with the store's key, unexpired, and for exactly the headers it
// carries, so a presigned PUT's size (content-length) and single use
// (if-none-match: *) hold here as they do on S3 or MinIO.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a signature's time may be from the store's clock (S3 allows 15 minutes). */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** The longest a presigned URL may live (S3: 7 days). */
const MAX_EXPIRES_S = 7 * 24 * 3600;

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (only A-Z a-z 0-9 - _ . ~ left as they are). */
const encode = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function decode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** 20261125T160257Z → Date. */
function amzDate(value) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : undefined;
}

const refuse = (status, code, message) => ({ ok: false, status, code, message });

/**
 * Checks one request's SigV4 signature (header or query, as presigned URLs carry it).
 * `keys` maps access key ids to secret keys. Returns { ok: true } or the S3 error to answer.
 */
export function verifySignature(req, keys, now = new Date()) {
  const [rawPath, rawQuery = ''] = req.url.split(/\?(.*)/s);
  const params = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ''] = pair.split(/=(.*)/s);
      return [decode(k), decode(v)];
    });
  if (params.some(([k, v]) => k === undefined || v === undefined)) return refuse(400, 'InvalidArgument', 'The query string is malformed');
  const query = new Map(params);

  let credential, signedHeaders, signature, stamp, date, payloadHash;
  const presigned = query.has('X-Amz-Signature');
  if (presigned) {
    if (query.get('X-Amz-Algorithm') !== ALGORITHM) return refuse(400, 'AuthorizationQueryParametersError', 'Only AWS4-HMAC-SHA256 is supported');
    credential = query.get('X-Amz-Credential');
    signedHeaders = query.get('X-Amz-SignedHeaders');
    signature = query.get('X-Amz-Signature');
    stamp = query.get('X-Amz-Date');
    date = amzDate(stamp);
    payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const expires = Number(query.get('X-Amz-Expires'));
    if (!date || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_S)
      return refuse(400, 'AuthorizationQueryParametersError', 'X-Amz-Date or X-Amz-Expires is missing or malformed');
    if (now.getTime() > date.getTime() + expires * 1000) return refuse(403, 'AccessDenied', 'Request has expired');
  } else {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
    if (!auth) return refuse(403, 'AccessDenied', 'Access Denied');
    [, credential, signedHeaders, signature] = auth;
    stamp = req.headers['x-amz-date'];
    date = amzDate(stamp);
    payloadHash = req.headers['x-amz-content-sha256'];
    if (!date || !payloadHash) return refuse(403, 'AccessDenied', 'x-amz-date and x-amz-content-sha256 are required');
  }
  // A signed request is sent at once; a presigned URL only not before it was signed.
  const skew = now.getTime() - date.getTime();
  if (skew < -MAX_SKEW_MS || (!presigned && skew > MAX_SKEW_MS))
    return refuse(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large');

  const [accessKeyId, day, region, service, terminal, ...extra] = (credential ?? '').split('/');
  const secret = keys[accessKeyId];
  if (!secret) return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records');
  if (extra.length || service !== 's3' || terminal !== 'aws4_request' || day !== stamp.slice(0, 8))
    return refuse(403, 'AuthorizationQueryParametersError', 'The credential scope is malformed');

  const names = (signedHeaders ?? '').split(';');
  if (!names.includes('host')) return refuse(403, 'AccessDenied', 'The host header must be signed');
  const canonicalHeaders = names.map((name) => {
    const value = req.headers[name];
    const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${joined.trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonicalQuery = params
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders.join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, stamp, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return { ok: true };
}

/** An S3 error body. */
export function s3ErrorXml(code, message) {
  const escape = (s) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escape(message)}</Message></Error>`;
}
