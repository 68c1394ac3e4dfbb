/** Node.js flags of the server on the embedded database (see server-flags.mjs). */
export declare const EMBEDDED_NODE_FLAGS: readonly string[];
/** The flags for a server started with this environment: EMBEDDED_NODE_FLAGS without DATABASE_URL, else none. */
export declare function serverNodeFlags(env: NodeJS.ProcessEnv): readonly string[];
