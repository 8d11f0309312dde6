import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type SettingsTables = {
  settingsGroups: {
    organizationId: string;
    groupName: string;
    value: Json;
    updatedAt: Timestamp;
  };
};

export type SettingsDb = CoreTables & SettingsTables;
