/** Qi's online protocol, version 1: the messages (types) and how a server checks a client's frame. */
export * from './messages.js';
export * from './parse.js';
