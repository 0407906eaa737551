/** Real servers for tests (Redis, PostgreSQL) on free loopback ports, and the process helpers they share. */
export { startRedis, redisServerPath, type TestRedis } from './redis.js';
export { startPostgres, postgresBin, type TestPostgres } from './postgres.js';
export { freePort, stop, waitForLine } from './process.js';
