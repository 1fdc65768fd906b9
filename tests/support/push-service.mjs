// @ts-check
// A push service of our own for the tests (docs/PRODUCT-RULES.md §33.7): an HTTPS server on 127.0.0.1 with a
// self-signed certificate that takes what the app pushes, checks the VAPID signature (RFC 8292) and decrypts the
// message with the browser's keys (RFC 8291, aes128gcm of RFC 8188), as a browser's push service and the browser
// would. `browserKeys()` makes what a browser's PushSubscription holds.
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import https from "node:https";
import tls from "node:tls";
import { decodeJwt, importJWK, jwtVerify } from "jose";
import selfsigned from "selfsigned";
import { freePort } from "../../scripts/lib/free-port.mjs";

/**
 * @typedef {{ publicKey: Buffer, privateKey: Buffer, auth: Buffer,
 *   subscription: (endpoint: string) => { endpoint: string, keys: { p256dh: string, auth: string } } }} BrowserKeys
 * @typedef {{ path: string, headers: import("node:http").IncomingHttpHeaders, body: Buffer }} Pushed
 */

/** A browser's side of a subscription: a P-256 key pair and a 16-byte auth secret. @returns {BrowserKeys} */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  const auth = randomBytes(16);
  return {
    publicKey,
    privateKey,
    auth,
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
    }),
  };
}

/**
 * The message in a pushed body, decrypted as the browser would (RFC 8291 §3.4, RFC 8188 §2): the header carries the
 * salt, the record size and the server's one-time public key; the key and nonce come from the ECDH secret and the
 * auth secret by HKDF; one record, its padding ended by the delimiter 0x02.
 * @param {Buffer} body
 * @param {BrowserKeys} keys
 */
export function decryptPush(body, keys) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, serverPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * The sender's VAPID claim, checked as a push service does: `Authorization: vapid t=<JWT>, k=<public key>`, an ES256
 * JWT signed by that key, for this origin, not expired. Answers the claims.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {string} origin
 */
export async function verifyVapid(headers, origin) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  const [, token, key] = match;
  const raw = Buffer.from(key, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: raw.subarray(1, 33).toString("base64url"),
    y: raw.subarray(33, 65).toString("base64url"),
  };
  await jwtVerify(token, await importJWK(jwk, "ES256"), { audience: origin });
  return { key, claims: decodeJwt(token) };
}

/**
 * Starts the push service on a free port. Each POST is kept; it answers 201, or the status set with `answer()` for
 * the next requests (410: the device is gone; 500: down for now).
 */
export async function startPushService() {
  const certificate = await selfsigned.generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  /** @type {Pushed[]} */
  const received = [];
  let status = 201;
  const server = https.createServer({ key: certificate.private, cert: certificate.cert }, (request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      if (status < 300)
        received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    received,
    /** The certificate to trust, added to Node's default agent for this process (`trustPushService`). */
    certificate: certificate.cert,
    /** @param {number} next */
    answer: (next) => {
      status = next;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * This process's HTTPS requests (web-push uses Node's default agent) trust the push service's certificate besides
 * the usual roots, as a real push service's would be by its public CA.
 * @param {string} certificate
 */
export function trustPushService(certificate) {
  https.globalAgent.options.ca = [...tls.rootCertificates, certificate];
}
