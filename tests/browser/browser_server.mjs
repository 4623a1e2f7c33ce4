// One Chromium for every browser test file: run.sh starts this, reads the endpoint it prints
// (one line, `ws://...`), hands it to the test files in BROWSER_WS_ENDPOINT (see launch() in
// browser.mjs), and stops it with SIGTERM when the tests are over.

import { chromium } from 'playwright-core';
import { LAUNCH } from './browser.mjs';

const server = await chromium.launchServer(LAUNCH);
console.log(server.wsEndpoint());
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
