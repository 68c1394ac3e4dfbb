-- roles are data once seeded: the roles that manage operators (operator.manage, the administrators) see the system status
UPDATE "ops_roles" SET "permissions" = "permissions" || '["system.view"]'::jsonb WHERE "permissions" ? 'operator.manage' AND NOT ("permissions" ? 'system.view');
