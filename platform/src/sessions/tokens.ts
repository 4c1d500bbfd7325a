import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock.ts';
import type { SecretStore } from '../secret-store/port.ts';

export interface SessionClaims {
  /** The user id. */
  sub: string;
  /** The token id, for revocation at logout. */
  jti: string;
  /** Issue instant in milliseconds: compared with a password change or a forced logout. */
  iat_ms: number;
  exp: number;
  /** Set when an admin switched to this user: the admin's id (seeds 001 §7 switchuser). */
  act?: string;
}

export interface SessionTokens {
  issue(
    userId: string,
    options?: { actingAdmin?: string },
  ): Promise<{ token: string; claims: SessionClaims }>;
  /** The claims of a valid, unexpired token signed by us; null otherwise. */
  verify(token: string): Promise<SessionClaims | null>;
}

const ISSUER = 'fine-wine-auction';
export const SESSION_DAYS = 7;

/** Tokens whose signature and claims were verified, so a token used again is not verified again. */
const VERIFIED_TOKENS = 10_000;

/** Signed expiring bearer tokens (HS256 JWTs through `jose`); the clock is the server's. */
export function sessionTokens(secret: string, clock: Clock): SessionTokens {
  const key = new TextEncoder().encode(secret);
  // A token is the same bytes on every request: its signature and its claims cannot change, only
  // whether it has expired by now. Verifying it costs a key import and an HMAC on the thread pool per
  // request, so the claims of a verified token are kept (least recently used go first) and only its
  // expiry is judged again, as jose judges it. Revocation and the user's own state are checked by
  // the caller on every use (verifyBearer, the services' sessions).
  const verified = new LRUCache<string, SessionClaims>({ max: VERIFIED_TOKENS });
  const unexpired = (claims: SessionClaims) => claims.exp > Math.floor(clock.now().getTime() / 1000);
  return {
    async issue(userId, options = {}) {
      const now = clock.now().getTime();
      const claims: SessionClaims = {
        sub: userId,
        jti: randomUUID(),
        iat_ms: now,
        exp: Math.floor(now / 1000) + SESSION_DAYS * 24 * 3600,
        ...(options.actingAdmin !== undefined && { act: options.actingAdmin }),
      };
      const token = await new SignJWT({
        iat_ms: claims.iat_ms,
        ...(claims.act !== undefined && { act: claims.act }),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setJti(claims.jti)
        .setIssuer(ISSUER)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(claims.exp)
        .sign(key);
      return { token, claims };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (unexpired(known)) return { ...known };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
        if (typeof payload.iat_ms !== 'number' || typeof payload.exp !== 'number') return null;
        const act = typeof payload.act === 'string' ? { act: payload.act } : {};
        const claims = {
          sub: payload.sub,
          jti: payload.jti,
          iat_ms: payload.iat_ms,
          exp: payload.exp,
          ...act,
        };
        verified.set(token, claims);
        return { ...claims };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** The secret-store kind of revoked token ids (logout): checked by every side that accepts a token. */
export const REVOKED_TOKEN_KIND = 'revoked-token';

/**
 * The claims of a bearer token that is signed by us, unexpired and not logged out; null otherwise.
 * Each side then checks the user's own state (deactivated, password changed, forced out).
 */
export async function verifyBearer(
  tokens: SessionTokens,
  secrets: Pick<SecretStore, 'get'>,
  authorization: string | undefined,
): Promise<SessionClaims | null> {
  const token = authorization?.match(/^Bearer ([\w.-]+)$/)?.[1];
  const claims = token ? await tokens.verify(token) : null;
  if (!claims) return null;
  if (await secrets.get(REVOKED_TOKEN_KIND, claims.jti)) return null;
  return claims;
}

/** A token issued before the user's password change or forced logout no longer opens a session. */
export function tokenPredates(claims: SessionClaims, instant: string | null): boolean {
  return instant !== null && Date.parse(instant) > claims.iat_ms;
}
