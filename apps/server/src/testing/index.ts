/** Black-box test tooling for the Qi server: a protocol client, the real server process, a cuttable TCP proxy. */
export { TestClient, wsUrl, describe, sleep, type ClientOptions, type RoomView, type CloseInfo } from './client.js';
export { spawnServer, health, tempDatabase, assertBuilt, staleWarning, SERVER_MAIN, SERVER_ROOT, BUILD_HINT, type SpawnOptions, type SpawnedServer } from './spawn.js';
export { startProxy, type TcpProxy, type CutMode } from './proxy.js';
export { randomLegalMove, LocalGame } from './games.js';
