/** @qi/ai-worker/node: running bots in Node worker threads (bench, tools, server). */
export { startNodeBot, type NodeBot } from './worker/node-client.js';
export { nodeEndpoint, type NodePort } from './worker/node-endpoint.js';
export { BotPool, type BotPoolOptions } from './worker/node-pool.js';
