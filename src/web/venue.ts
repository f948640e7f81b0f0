/**
 * Venue passes: a phone cannot send X-Api-Key, so a venue hands each judge a link
 * (/join?key=<a listed API key>) that sets a signed cookie instead. The cookie names the key only by
 * a hash, carries its expiry, and is signed with WEB_PASS_SECRET (HMAC-SHA256): it cannot be forged
 * or extended without the secret, and it stops working when its key leaves API_KEYS or the secret
 * changes. The rules page then charges that phone's budget to the key, not to the venue's address.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const PASS_COOKIE = 'gcg_pass';

export interface PassOptions {
  secret: string;
  days: number;
}

/** A key named without writing it down (the cookie and the limiter see only this). */
export function passKeyId(apiKey: string): string {
  return createHash('sha256').update(`gundam-rules-pass:${apiKey}`).digest('base64url').slice(0, 22);
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** The cookie value for a listed key: "<key id>.<expiry, s since epoch>.<signature>". */
export function makePass(o: PassOptions, apiKey: string, now = Date.now()): { value: string; maxAge: number } {
  const maxAge = o.days * 86_400;
  const payload = `${passKeyId(apiKey)}.${Math.floor(now / 1000) + maxAge}`;
  return { value: `${payload}.${sign(o.secret, payload)}`, maxAge };
}

/**
 * The key id a cookie value vouches for, or null when it is malformed, forged, expired or names a
 * key that is no longer listed.
 */
export function readPass(o: PassOptions, listed: ReadonlySet<string>, value: string | undefined, now = Date.now()): string | null {
  if (!value || value.length > 200) return null;
  const m = /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/.exec(value);
  if (!m) return null;
  const [, id, expires, sig] = m;
  const want = Buffer.from(sign(o.secret, `${id}.${expires}`));
  const got = Buffer.from(sig!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  if (Number(expires) * 1000 <= now) return null;
  return listed.has(id!) ? id! : null;
}

/** The value of one cookie from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
