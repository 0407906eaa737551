import { nodePackageConfig } from '../../vitest.shared.js';

export default nodePackageConfig;
