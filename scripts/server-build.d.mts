// Types of server-build.mjs, for the TypeScript scripts that use it.
export declare function ensureServerBuilt(log?: (line: string) => void, force?: boolean): Promise<void>;
