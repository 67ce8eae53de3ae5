// `npm install`'s last word (the root package's postinstall). npm itself runs on the machine's Node, which may
// be older than the project's: it then warns EBADENGINE for every package that needs Node 22 or 24, though
// the project runs on the Node 24 that the same install put in node_modules/.bin (decision 051).
import { pinnedNodeVersion } from './check-node.mjs';

const npmNode = /\bnode\/v(\d+\.\d+\.\d+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
if (npmNode && npmNode.split('.')[0] !== process.version.slice(1).split('.')[0]) {
  console.log(
    `npm ran on Node ${npmNode}, which any EBADENGINE warnings above name; Sweetwish runs on Node ` +
      `${pinnedNodeVersion()} from node_modules/.bin (the \`node\` package), which meets every engine.`,
  );
}
