// The auth module's public surface: other modules and app.ts import only from here.
export { createAccessTokens } from './access-token.ts';
export { authModule } from './auth.routes.ts';
export { installAuthenticate } from './authenticate.ts';
export { createSessionCache, type SessionCache } from './session-cache.ts';
export { liveSessionCount, withMemberSessionsRevoked } from './session.service.ts';
export { sendCode, verifyCode, type SendCodeHooks } from './otp.service.ts';
