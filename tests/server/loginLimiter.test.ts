import { describe, expect, it } from 'vitest';
import { createLoginLimiter } from '../../server/src/auth/loginLimiter.ts';

describe('login limiter (refused keys per address per window)', () => {
  it('refuses after max failures, says how long to wait, and forgets them when the window ends', () => {
    const limiter = createLoginLimiter(2, 60_000);
    limiter.attempt('a', 0);
    limiter.attempt('a', 1_000);
    expect(limiter.retryAfter('a', 1_000)).toBe(59);
    expect(limiter.retryAfter('b', 1_000)).toBe(0);
    expect(limiter.retryAfter('a', 60_000)).toBe(0);
  });

  it('a success takes its attempt back', () => {
    const limiter = createLoginLimiter(2, 60_000);
    for (let i = 0; i < 5; i += 1) {
      limiter.attempt('a', i);
      limiter.succeeded('a', i);
    }
    limiter.attempt('a', 10);
    expect(limiter.retryAfter('a', 10)).toBe(0);
    limiter.attempt('a', 11);
    expect(limiter.retryAfter('a', 11)).toBeGreaterThan(0);
  });

  it('remembers a bounded number of addresses, dropping the oldest first', () => {
    const limiter = createLoginLimiter(1, 60_000);
    for (let i = 0; i <= 10_000; i += 1) limiter.attempt(`10.0.${i}`, 0);
    expect(limiter.retryAfter('10.0.0', 0)).toBe(0);
    expect(limiter.retryAfter('10.0.10000', 0)).toBe(60);
    expect(limiter.retryAfter('10.0.1', 0)).toBe(60);
  });
});
