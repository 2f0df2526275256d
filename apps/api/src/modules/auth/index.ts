// The auth module's public surface: other modules and app.ts import only from here.
export { createAccessTokens } from './access-token.ts';
export { authModule } from './auth.routes.ts';
export { installAuthenticate } from './authenticate.ts';
export { isSessionActive } from './session.service.ts';
