export declare const serverNodeArgs: string[];
export declare const serverEnvDefaults: Record<string, string>;
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
