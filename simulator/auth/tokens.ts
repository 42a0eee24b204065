/**
 * JWTs as the managed API issues them (claims iss, aud, nbf, exp, sub, run_as, rbac_roles, rbac_mode and,
 * for run_as, hash_auth_context), signed HS256 with a secret made per simulator instance.
 *
 * Every issued token is also kept in a registry, so a request costs a map lookup instead of a signature
 * check, and revocation is exact: logout invalidates the caller's tokens issued before it, even within
 * the same second (the real API's second-granularity "not before" rule could reject a fresh login).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { unauthorized } from '../http/problem';

const JWT_ISSUER = 'wazuh';
const JWT_AUDIENCE = 'Wazuh API REST';

export interface TokenClaims {
  iss: string;
  aud: string;
  nbf: number;
  exp: number;
  sub: string;
  run_as: boolean;
  rbac_roles: number[];
  rbac_mode: 'white';
  hash_auth_context?: string;
}

export interface IssuedToken {
  claims: TokenClaims;
  /** Issue order; revocation compares against it. */
  sequence: number;
}

const JWT_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Compact HS256 JWT. Hand-written on node:crypto (ten lines) because loading jsonwebtoken costs the
 * simulator ~150 ms of start-up, and tokens are checked against the registry, never parsed back. */
function signHs256(claims: TokenClaims, secret: Buffer): string {
  const signingInput = `${JWT_HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

/** Pruning threshold: expired entries are dropped once the registry grows past it. */
const PRUNE_AT = 10_000;

export class TokenService {
  private secret = randomBytes(32);
  private readonly issued = new Map<string, IssuedToken>();
  private readonly revokedUpTo = new Map<string, number>();
  /** Run_as tokens issued up to this sequence are invalid (a security rule or its links changed). */
  private runAsRevokedUpTo = 0;
  private sequence = 0;

  constructor(
    public lifetimeSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  issue(username: string, roleIds: number[], authContext?: unknown): string {
    const nbf = Math.floor(this.now() / 1000);
    const claims: TokenClaims = {
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      nbf,
      exp: nbf + this.lifetimeSeconds,
      sub: username,
      run_as: authContext !== undefined,
      rbac_roles: roleIds,
      rbac_mode: 'white',
    };
    if (authContext !== undefined) {
      claims.hash_auth_context = createHash('blake2b512')
        .update(JSON.stringify(authContext))
        .digest('hex')
        .slice(0, 32);
    }
    const token = signHs256(claims, this.secret);
    if (this.issued.size >= PRUNE_AT) this.prune();
    this.issued.set(token, { claims, sequence: ++this.sequence });
    return token;
  }

  /** The token's claims, or an `ApiProblem` 401 (`Invalid token`, or `Token expired` after a lifetime change). */
  check(token: string): TokenClaims {
    const entry = this.issued.get(token);
    if (!entry) throw unauthorized.invalidToken();
    const { claims } = entry;
    if (this.now() / 1000 >= claims.exp) {
      this.issued.delete(token);
      throw unauthorized.invalidToken();
    }
    if (entry.sequence <= (this.revokedUpTo.get(claims.sub) ?? 0))
      throw unauthorized.invalidToken();
    if (claims.run_as && entry.sequence <= this.runAsRevokedUpTo) throw unauthorized.invalidToken();
    if (claims.exp - claims.nbf !== this.lifetimeSeconds) throw unauthorized.expiredToken();
    return claims;
  }

  /** Invalidates every token of `username` issued so far (logout). */
  revokeUser(username: string): void {
    this.revokedUpTo.set(username, this.sequence);
  }

  /** Invalidates every run_as token issued so far, so the next run_as login maps its roles again. */
  revokeRunAs(): void {
    this.runAsRevokedUpTo = this.sequence;
  }

  /** Invalidates every token of every user: a new signing secret and an empty registry. */
  revokeAll(): void {
    this.secret = randomBytes(32);
    this.issued.clear();
    this.revokedUpTo.clear();
    this.runAsRevokedUpTo = 0;
  }

  private prune(): void {
    const nowSeconds = this.now() / 1000;
    for (const [token, { claims }] of this.issued)
      if (nowSeconds >= claims.exp) this.issued.delete(token);
  }
}
