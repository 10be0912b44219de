// structuredClone exists in every runtime the engine runs in (browsers, Node 17+), but its type
// comes with the DOM and Node libraries, which the engine's own typecheck leaves out.
declare function structuredClone<T>(value: T): T;
