// The member module's public surface: other modules import only from here.
export { memberModule } from './member.routes.ts';
export { presentMember } from './member.presenter.ts';
export { findMemberByEmail, findOrCreateMember, getMember, setProvenEmail } from './member.service.ts';
export { findMemberById, updateMember } from './member.repository.ts';
