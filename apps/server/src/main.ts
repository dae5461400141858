import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed/seed';
import { type Logger, createLogger, operatorLog } from './logger';
import { createBlobStore } from './storage/create-blob-store';

async function main(logger: Logger) {
  const config = loadConfig();
  logger.level = config.logLevel;

  const database = await openDatabase(config.database, logger);
  logger.info({ driver: database.driver }, 'database ready');
  const blobs = await createBlobStore(config);
  await seedDatabase(database.db, {
    adminUserName: config.admin.userName,
    adminPassword: config.admin.password,
    demo: config.seedDemo,
    blobs,
    // The generated admin password is shown this once and never again.
    log: (message) => operatorLog(logger).info(message),
  });

  const app = await buildApp({ config, db: database, blobs, logger });
  let shuttingDown = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking requests and finish those in flight before the database goes away. A connection
    // kept alive after its last response would hold close() for the whole keep-alive timeout
    // (Node closes only the connections idle when close starts), so those end as soon as they idle.
    app.server.keepAliveTimeout = 1;
    await app.close();
    await database.close();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () =>
      shutDown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      ),
    );
  }

  await app.listen({ port: config.server.port, host: config.server.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.server.port;
  const host = ['0.0.0.0', '::'].includes(config.server.host) ? 'localhost' : config.server.host;
  // What the person who started the server looks for.
  operatorLog(logger).info(`Trashëgimia is listening on http://${host}:${port}`);
}

// At info until the configuration names LOG_LEVEL: a configuration mistake is reported through it too.
const logger = createLogger('info');
main(logger).catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: say which variable, without a stack trace.
  if (error instanceof ConfigError) operatorLog(logger).fatal(error.message);
  else operatorLog(logger).fatal({ err: error }, 'the server could not start');
  process.exit(1);
});
