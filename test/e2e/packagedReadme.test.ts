// The extension's page as installed: the README inside the VSIX under test, read out of the zip, with every relative
// link of it (and of the pages it links) reaching a file inside, every #fragment a heading, every image there, 4 to 6
// of them and no set-up (scripts/editor/packagedReadme.ts vsixReadmeProblems; npm run package runs the same check).
import * as assert from 'node:assert/strict';
import { readmeInVsix } from '../../scripts/editor/vsixReadme.js';
import { session } from './support/session.js';

describe('packaged README inside the VSIX under test', function () {
  it('links only what the VSIX holds, and shows 4 to 6 of its pictures', async function () {
    assert.deepEqual(await readmeInVsix(session().vsix), []);
  });
});
