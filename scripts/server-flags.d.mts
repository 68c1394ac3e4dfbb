/** Node.js flags of the server process that `npm start` runs (see server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
