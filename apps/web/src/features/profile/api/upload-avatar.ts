import { AVATAR_MAX_BYTES, AVATAR_TYPES, MemberInfoSchema } from '@app/contracts';
import { api } from '../../../shared/api/client.ts';
import { useProfileChange } from './use-profile-change.ts';

export type AvatarProblem = 'type' | 'size';

/** The same limits the API enforces, checked before uploading. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): AvatarProblem | null {
  if (!AVATAR_TYPES.some((type) => type === file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

export const uploadAvatar = async (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return MemberInfoSchema.parse(await api.post('/auth/users/avatar', { form }));
};

export const useUploadAvatar = () => useProfileChange(uploadAvatar);
