import type { PointsSummary } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

// Cast, not parsed: the API's serializer already holds every answer to the contract (docs/decisions.md,
// "No Zod on a first screen").
export const getPoints = async (signal?: AbortSignal) =>
  (await api.get('/bff/points', { signal })) as PointsSummary;

/** The member's id is in the key: another member signing in on this device never sees these points. */
export const getPointsQueryOptions = (viewer: string) =>
  queryOptions({ queryKey: ['points', viewer], queryFn: ({ signal }) => getPoints(signal) });
