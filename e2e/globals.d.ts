// What the product exposes on window for the suite (shared-api/src/diagnostics.ts).
declare global {
  var __AGORA_SINGLETONS__: Record<string, Record<string, unknown>> | undefined;
}

export {};
