import type { DeepLinkContext, RoutingContext } from '@lobby/contract';
import { appConfig, isGeneralMode } from '../app/config.ts';
import { routingContextOf } from '../features/push/push-message.ts';

/**
 * The app-link prefix of the native shell: `lobby://open/` followed by an address or a path of
 * Lobby (the custom scheme declared in the Android manifest and the iOS Info.plist).
 */
export const APP_LINK_PREFIXES = ['lobby://open/'] as const;

/** Push routing in the shell: this server's host (and the public address's) is the product's. */
export const nativeRouting = (): RoutingContext => routingContextOf(window.location.hostname, appConfig.public_url, !isGeneralMode);

export const nativeLinks = (): DeepLinkContext => ({ productHosts: nativeRouting().productHosts, appLinkPrefixes: APP_LINK_PREFIXES });
