import type { PrivilegeSummary } from '@app/contracts';
import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { catalogueKeys, everyLanguage } from './query-keys.ts';
import { useCatalogueScope } from './scope.ts';

export type LikeState = Pick<PrivilegeSummary, 'id' | 'liked' | 'likeCount'>;

/** Likes or unlikes (idempotent on the server); answers the new state and count. */
export const likePrivilege = async ({ id, like }: { id: string; like: boolean }) =>
  (await api.post(`/bff/privileges/${encodeURIComponent(id)}/like`, { body: { like } })) as LikeState;

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

const patchEverywhere = (client: QueryClient, holding: QueryFilters, id: string, patch: Patch) =>
  client.setQueriesData(holding, (data: unknown) => patchPrivilegeData(data, id, patch));

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
 * Only the member's own answers are touched, in both languages: other readers' answers carry their own
 * `liked`, are never shown while this member is signed in, and are dropped at sign-out.
 *
 * A plain call rather than TanStack's useMutation: nothing shows the call's own state, and the
 * mutation observer's code (2 KB) was the privilege detail's start paying for nothing.
 */
export function useLikePrivilege(options: { onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient();
  const { viewer } = useCatalogueScope();
  // Details, lists, pages, recommendations and favourites: all sit under the privileges prefix.
  const holding = everyLanguage(viewer, catalogueKeys.privileges.all);
  return async ({ id, like }: { id: string; like: boolean }): Promise<void> => {
    const call = ++calls;
    latestCall.set(id, call);
    await client.cancelQueries(holding);
    const snapshot = client.getQueriesData(holding);
    patchEverywhere(client, holding, id, optimisticLike(like));
    try {
      const answer = await likePrivilege({ id, like });
      if (latestCall.get(id) === call)
        patchEverywhere(client, holding, id, () => ({ liked: answer.liked, likeCount: answer.likeCount }));
    } catch (error) {
      if (latestCall.get(id) === call) for (const [key, data] of snapshot) client.setQueryData(key, data);
      options.onError?.(error);
    } finally {
      void client.invalidateQueries(everyLanguage(viewer, catalogueKeys.privileges.favorites));
    }
  };
}
