import type { PointsSummary } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/**
 * The member's points summary; the Expiring Points tab reads its `expiries`. Same key as the profile's
 * member card (features do not import each other), so one answer serves both screens.
 */
export const getPoints = async (signal?: AbortSignal) =>
  (await api.get('/bff/points', { signal })) as PointsSummary;

export const getPointsQueryOptions = (viewer: string) =>
  queryOptions({ queryKey: ['points', viewer], queryFn: ({ signal }) => getPoints(signal) });
