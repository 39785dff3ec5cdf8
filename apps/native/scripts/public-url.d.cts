/** The Lobby server's origin the shell opens (LOBBY_PUBLIC_URL, else http://localhost:3000); throws for a bad value. */
export declare function publicUrl(env?: Record<string, string | undefined>): string;
