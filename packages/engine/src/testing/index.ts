export { checkGameProperties, snapshot, type PropertyOptions, type PropertyReport } from './properties.js';
