import type { PrivilegeSummary } from '@app/contracts';
import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys } from './scope.ts';

export type LikeState = Pick<PrivilegeSummary, 'id' | 'liked' | 'likeCount'>;

/** Likes or unlikes (idempotent on the server); answers the new state and count. */
export const likePrivilege = async ({ id, like }: { id: string; like: boolean }) =>
  (await api.post(`/bff/privileges/${encodeURIComponent(id)}/like`, { body: { like } })) as LikeState;

/** Catalogue queries that may hold privileges: details, lists, pages, recommendations, favourites. */
const holdsPrivileges = (query: Query) =>
  query.queryKey[0] === catalogueKeys.all[0] &&
  (query.queryKey[3] === 'privilege' || query.queryKey[3] === 'privileges');

const isFavorites = (query: Query) => holdsPrivileges(query) && query.queryKey[4] === 'favorite';

type Patch = (p: LikeState) => Pick<LikeState, 'liked' | 'likeCount'>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Applies `patch` to the privilege `id` wherever it sits in a cached answer (detail, list, pages). */
export function patchPrivilegeData(data: unknown, id: string, patch: Patch): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const patched = patchPrivilegeData(item, id, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (!isRecord(data)) return data;
  if (data.id === id && typeof data.likeCount === 'number' && typeof data.liked === 'boolean') {
    return { ...data, ...patch(data as LikeState) };
  }
  for (const key of ['items', 'pages'] as const) {
    if (Array.isArray(data[key])) {
      const list = patchPrivilegeData(data[key], id, patch);
      return list === data[key] ? data : { ...data, [key]: list };
    }
  }
  return data;
}

const patchEverywhere = (client: QueryClient, id: string, patch: Patch) =>
  client.setQueriesData({ predicate: holdsPrivileges }, (data: unknown) =>
    patchPrivilegeData(data, id, patch),
  );

/** The like/unlike heart's state change as the member sees it at once. */
export const optimisticLike =
  (like: boolean): Patch =>
  (p) => ({
    liked: like,
    likeCount: Math.max(0, p.likeCount + (p.liked === like ? 0 : like ? 1 : -1)),
  });

// Rapid taps send several calls; only the newest one's answer (or failure) may touch the cache.
const latestCall = new Map<string, number>();
let calls = 0;

/**
 * Like/unlike with an optimistic update of every cached copy of the privilege, rolled back when the
 * call fails; the server's answer then sets the true count. The favourites list is refetched after.
 */
export function useLikePrivilege(options: { onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: likePrivilege,
    onMutate: async ({ id, like }) => {
      const call = ++calls;
      latestCall.set(id, call);
      await client.cancelQueries({ predicate: holdsPrivileges });
      const snapshot = client.getQueriesData({ predicate: holdsPrivileges });
      patchEverywhere(client, id, optimisticLike(like));
      return { call, snapshot };
    },
    onError: (error, { id }, context) => {
      if (context && latestCall.get(id) === context.call) {
        for (const [key, data] of context.snapshot) client.setQueryData(key, data);
      }
      options.onError?.(error);
    },
    onSuccess: (answer, { id }, context) => {
      if (latestCall.get(id) !== context.call) return;
      patchEverywhere(client, id, () => ({ liked: answer.liked, likeCount: answer.likeCount }));
    },
    onSettled: () => client.invalidateQueries({ predicate: isFavorites }),
  });
}
