// Types of build-state.mjs, for the TypeScript scripts that use it.
export declare const repoRoot: string;
export declare const clientDistDir: string;
export declare const clientManifest: string;
export declare const serverDistDir: string;
export declare const serverBundle: string;
export declare function clientStaleReason(): string | null;
export declare function serverStaleReason(): string | null;
