import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis going away must neither end the process nor fill its log. ioredis reconnects by itself for
 * as long as it takes (a try every 2 s at most); with an 'error' listener, a refused or reset
 * connection is one warning per outage, and the return is logged too. Commands sent meanwhile fail
 * after `maxRetriesPerRequest` tries: whoever sends one must catch it (see `catchCommandFailures`).
 */
export const watchRedis = (client: Redis, name: string, log: FastifyBaseLogger): Redis => {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, redis: name }, 'Redis unreachable; reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: name }, 'Redis reachable again');
  });
  return client;
};

/** A Redis client named `name` in the log, which outlives Redis outages (see `watchRedis`). */
export const createRedisClient = (
  url: string,
  name: string,
  log: FastifyBaseLogger,
  options: RedisOptions = {},
): Redis => watchRedis(new Redis(url, options), name, log);

/** The commands the Socket.IO Redis adapter sends without waiting for the answer. */
const UNAWAITED_COMMANDS = new Set([
  'publish',
  'subscribe',
  'psubscribe',
  'unsubscribe',
  'punsubscribe',
]);

/**
 * The Socket.IO Redis adapter publishes and (un)subscribes without waiting for the answer, so a
 * command that Redis never took would reject with no one to hear it, and an unhandled rejection
 * ends the process. Those commands of this client get a handler that logs a failure once per
 * outage (meanwhile, broadcasts reach this process's sockets only).
 */
export const catchCommandFailures = (client: Redis, name: string, log: FastifyBaseLogger) => {
  const send = client.sendCommand.bind(client);
  let warned = false;
  client.on('ready', () => {
    warned = false;
  });
  client.sendCommand = (command, stream) => {
    if (UNAWAITED_COMMANDS.has(command.name)) {
      command.promise.catch((error: unknown) => {
        if (warned) return;
        warned = true;
        log.warn(
          { err: error, redis: name, command: command.name },
          `Redis did not take a ${command.name}: live updates reach this process only until it is back`,
        );
      });
    }
    return send(command, stream);
  };
};

/** Says goodbye to Redis when it is there; while it is not, stops reconnecting without waiting. */
export const closeRedis = async (client: Redis) => {
  if (client.status === 'ready') await client.quit();
  else client.disconnect();
};
