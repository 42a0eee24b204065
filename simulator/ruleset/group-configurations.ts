/** Each group's shared configuration (`agent.conf`), as the manager creates it for a new group. */
const DEFAULT_AGENT_CONF = `<agent_config>

  <!-- Shared agent configuration here -->

</agent_config>
`;

export class GroupConfigurations {
  private readonly texts = new Map<string, string>();

  read(group: string): string {
    return this.texts.get(group) ?? DEFAULT_AGENT_CONF;
  }

  write(group: string, text: string): void {
    this.texts.set(group, text);
  }

  remove(group: string): void {
    this.texts.delete(group);
  }
}
