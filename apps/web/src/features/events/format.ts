// An event's format (online, on site, hybrid): one rule with the server's first paint, in the contract.
export { eventFormat, type EventFormat } from '@lobby/contract';
