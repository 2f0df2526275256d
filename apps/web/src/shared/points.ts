import type { PointsSummary } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api/client.ts';

/*
 * The member's points (GET /bff/points), read by the profile's member card, the privileges history and
 * the privilege redeem confirmation: one query key, so one answer serves every screen.
 */

// Cast, not parsed: the API's serializer already holds every answer to the contract (docs/decisions.md,
// "No Zod on a first screen").
export const getPoints = async (signal?: AbortSignal) =>
  (await api.get('/bff/points', { signal })) as PointsSummary;

/** The member's id is in the key: another member signing in on this device never sees these points. */
export const getPointsQueryOptions = (viewer: string) =>
  queryOptions({ queryKey: ['points', viewer], queryFn: ({ signal }) => getPoints(signal) });

/** "+120" / "−50": points with their sign. */
export const signedPoints = (points: number, format: (n: number) => string) =>
  points > 0 ? `+${format(points)}` : points < 0 ? `−${format(-points)}` : format(0);
