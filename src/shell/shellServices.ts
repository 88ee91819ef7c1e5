// The services as the shell holds them: the same object every command gets (HostServices), with the shell's own
// classes behind the panels, the watch and the demo, which activation and the test seam use in full.
import type { HostServices } from '../host/services.js';
import type { DemoHandle } from './demoHandle.js';
import type { PanelRegistry } from './panelRegistry.js';
import type { WatchHandle } from './watchHandle.js';

export interface ShellServices extends HostServices {
  readonly panels: PanelRegistry;
  readonly watch: WatchHandle;
  readonly demo: DemoHandle;
}
