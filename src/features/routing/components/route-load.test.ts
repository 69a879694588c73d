import { describe, expect, it } from 'vitest';
import { classifyLoadFailure, RouteLoadError } from './route-load';

describe('classifyLoadFailure', () => {
  it.each([
    [new RouteLoadError(401), 'session'],
    [new RouteLoadError(403), 'session'],
    [new RouteLoadError(500), 'error'],
    [new RouteLoadError(400), 'error'],
    // fetch itself failed: no answer at all.
    [new TypeError('Failed to fetch'), 'error'],
  ] as const)('%o is a %s failure', (error, failure) => {
    expect(classifyLoadFailure(error)).toBe(failure);
  });
});
