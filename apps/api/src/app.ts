import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { AVATAR_MAX_BYTES } from '@app/contracts';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import type { Config } from './config.ts';
import type { AppDeps } from './context.ts';
import { databaseKind } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { createEvents, type AppEvents } from './events/events.ts';
import {
  clientErrorHandler,
  errorHandler,
  frameworkErrorHandler,
  makeNotFoundHandler,
} from './http/errors.ts';
import { createMetrics, registerMetricsRoute } from './http/metrics.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { isAdminPath, registerAdminWebApp } from './http/admin-web.ts';
import { inlineScriptHashes, registerWebApp } from './http/web.ts';
import type { ZodApp } from './http/zod-app.ts';
import { defineHousekeeping } from './jobs/housekeeping.ts';
import { createJobs } from './jobs/jobs.ts';
import { devMailboxModule } from './mail/dev-mailbox.routes.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import {
  authModule,
  createAccessTokens,
  createSessionCache,
  installAuthenticate,
} from './modules/auth/index.ts';
import { cartModule } from './modules/cart/index.ts';
import { memberCardModule, posModule } from './modules/counter/index.ts';
import { catalogueMediaModule, catalogueModule, createCatalogueChanges } from './modules/catalogue/index.ts';
import { historyModule } from './modules/history/index.ts';
import { memberModule } from './modules/member/index.ts';
import {
  createNotificationVersions,
  defineNotificationJobs,
  notificationsModule,
} from './modules/notifications/index.ts';
import { createOrdersRuntime, ordersModule, type OrderFaults } from './modules/orders/index.ts';
import { createPaymentProvider, paymentsModule } from './modules/payments/index.ts';
import { createPointsRuntime, pointsModule } from './modules/points/index.ts';
import { readyModule, systemModule } from './modules/system/index.ts';
import { walletModule } from './modules/wallet/index.ts';
import { adminModule, type AdminRouteList } from './modules/admin/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every back-office route with the permission it needs (the role-matrix test walks it). */
    adminRoutes: AdminRouteList;
  }
}

/** JSON bodies are small (profile fields); the avatar upload has its own 2 MB limit. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface BuildDeps {
  db: Kysely<Database>;
  /** The clock every rule reads (code expiry, token lifetimes, grace window); tests move it. */
  now?: () => Date;
  /** Defaults to SMTP when config.smtpUrl is set, else the dev outbox. */
  mailer?: Mailer;
  /** Where logs go instead of stdout (tests capture them). */
  logStream?: NodeJS.WritableStream;
  /** Crash points for fault tests; server.ts never sets them. */
  orderFaults?: OrderFaults;
}

const loggerOptions = (
  config: Config,
  stream: NodeJS.WritableStream | undefined,
): FastifyServerOptions['logger'] => {
  if (stream) return { level: 'info', stream };
  if (config.logLevel === 'silent') return false;
  if (config.nodeEnv === 'development' && process.stdout.isTTY) {
    return {
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  // Written as each line is logged, not through pino's default asynchronous buffer: at a stop or a
  // crash, process.exit() flushed the lines still queued while an earlier write was still on its way,
  // so the log read "stopped" before the requests it had waited for (seen in the graceful-stop test),
  // and a line queued at a hard exit could be lost.
  return { level: config.logLevel, stream: pino.destination({ dest: 1, sync: true }) };
};

/**
 * `Content-Type: application/json` with no body is a request without a body, not broken JSON: clients
 * send the header on every call, also on those that carry nothing (mark read, clear the cart, sign
 * out). A route whose schema needs a body still refuses the missing one in validation (400, with its
 * own message); everything else is parsed by Fastify's own parser (prototype-poisoning checks included).
 */
const registerEmptyJsonBody = (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(req, text, done);
  });
};

/** Builds the whole HTTP app (plugins, modules, one error handler) without listening. */
export const buildApp = async (config: Config, deps: BuildDeps): Promise<ZodApp> => {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.nodeEnv === 'test',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerEmptyJsonBody(app);
  registerTextGuard(app);
  // Before the modules, so its timing hook sees every route.
  const metrics = createMetrics(app, { config, db: deps.db });

  const ownMailer = deps.mailer === undefined;
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : // Only outside production (loadConfig refuses production without SMTP_URL): codes in the log are a dev aid.
        createOutboxMailer(deps.db, now, (m) =>
          app.log.info(
            { to: m.to },
            `[dev outbox] ${m.logHint ?? m.subject} for ${m.to} — see http://localhost:${config.port}/dev/mailbox`,
          ),
        ));
  if (ownMailer) app.addHook('onClose', async () => mailer.close());

  // Modules define their queues and event handlers while they are registered; the workers start once
  // every module is in (`ready`, which `listen` and the first `inject` call) and stop on close.
  const jobs = createJobs(deps.db, { log: app.log });
  const events = createEvents<AppEvents>(deps.db, jobs, { now });
  const housekeeping = defineHousekeeping(jobs, {
    db: deps.db,
    kind: databaseKind(config),
    now,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    await jobs.start();
    await housekeeping.runAtStart();
  });
  // Running jobs get a few seconds to finish; any still running is retried by the next start.
  app.addHook('onClose', async () => jobs.stop());

  // "Is this session still active?" kept in memory, forgotten when a session changes (here at once,
  // in another process within SESSION_POLL_MS): signed-in requests need no query of their own.
  const sessions = createSessionCache(deps.db, app.log);
  app.addHook('onReady', async () => sessions.start());
  app.addHook('onClose', async () => sessions.stop());
  const appDeps: AppDeps = { db: deps.db, now, config, mailer, jobs, events, sessions };

  installAuthenticate(app, createAccessTokens(config.jwtSecret, now), (sid) => sessions.isActive(sid));

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await registerSecurityHeaders(app, { hsts: config.hsts, scriptHashes: inlineScriptHashes(config.webDist) });

  await app.register(compress, { threshold: 1024 });
  const rateLimits = registerRateLimits(app, {
    redisUrl: config.redisUrl,
    db: deps.db,
    kind: databaseKind(config),
    windowSeconds: config.rateLimitWindowSeconds,
    fallbackDivisor: config.rateLimitFallbackDivisor,
    secret: config.jwtSecret,
    registry: metrics,
  });
  const { limiter } = rateLimits;
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Privileges member API',
        version: '1.0.0',
        description:
          'Every answer is an envelope: `{ success: true, data }` or `{ success: false, code, message: [text], requestId }`. ' +
          'Error texts follow Accept-Language (th → Thai).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          staffBearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Back office (/admin/api): the opaque staff session token (stf_…) from /admin/api/auth/second-factor',
          },
          posApiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "Point-of-sale API (/pos/v1): a store's API key (pos_…), created in the back office",
          },
          jsonAuthorization: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The tokens as JSON: `{"accessToken":"…","refreshToken":"…"}`',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs' });

  const modules = { deps: appDeps, limiter };
  await app.register(authModule, { ...modules, prefix: '/auth' });
  await app.register(memberModule, modules);
  const catalogueChanges = createCatalogueChanges();
  await app.register(catalogueModule, { ...modules, changes: catalogueChanges, prefix: '/bff' });
  await app.register(cartModule, { ...modules, prefix: '/bff' });
  const payments = createPaymentProvider(config, { db: deps.db, now });
  const orders = createOrdersRuntime(appDeps, payments, app.log, deps.orderFaults);
  await app.register(ordersModule, { ...modules, orders, prefix: '/bff' });
  // The provider's webhook (and, for the sandbox outside production, its dev bank pages).
  await app.register(paymentsModule, { ...modules, provider: payments, onChargeEvent: orders.onChargeEvent });
  await app.register(walletModule, { ...modules, prefix: '/bff' });
  createPointsRuntime(appDeps);
  await app.register(pointsModule, { ...modules, prefix: '/bff' });
  // Each member's list version in memory, so an unchanged poll answers 304 with no query (versions.ts).
  const notificationVersions = createNotificationVersions(deps.db, app.log);
  app.addHook('onReady', async () => notificationVersions.start());
  app.addHook('onClose', async () => notificationVersions.stop());
  defineNotificationJobs(appDeps);
  await app.register(notificationsModule, { ...modules, versions: notificationVersions, prefix: '/bff' });
  await app.register(historyModule, { ...modules, prefix: '/bff' });
  await app.register(posModule, { ...modules, prefix: '/pos/v1' });
  await app.register(memberCardModule, { ...modules, prefix: '/bff' });
  await app.register(catalogueMediaModule, { ...modules, prefix: '/media/catalogue' });
  await app.register(systemModule, modules);
  await app.register(readyModule, { ...modules, checkRedis: rateLimits.checkRedis });
  // The back office's API; its web app is served under /admin by registerWebApp.
  const adminRoutes: AdminRouteList = [];
  app.decorate('adminRoutes', adminRoutes);
  await app.register(adminModule, {
    ...modules,
    routes: adminRoutes,
    catalogueChanged: catalogueChanges.changed,
    orders,
    prefix: '/admin/api',
  });
  registerMetricsRoute(app, config, metrics);
  if (config.nodeEnv !== 'production') await app.register(devMailboxModule, modules);

  // The back office first: every /admin path is its (or the API's), never the member app's.
  const adminWeb = await registerAdminWebApp(app, { dist: config.adminWebDist, tls: config.hsts });
  const web = await registerWebApp(app, config.webDist, catalogueChanges);
  app.setNotFoundHandler(
    makeNotFoundHandler(app, {
      spaFallback: (req, reply, path) =>
        isAdminPath(path) ? adminWeb.spaFallback(req, reply, path) : web.spaFallback(req, reply, path),
    }),
  );
  return app;
};
