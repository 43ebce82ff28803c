import type { Kysely } from 'kysely';
import { binaryType, type Dialect } from '../dialect-types.ts';

export function identityMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('uid', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('license_id', 'text', (c) => c.notNull())
        .addColumn('license_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_logged_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('access_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('last_login_time', 'text')
        .addColumn('last_login_device', 'text')
        .addColumn('qr_code', 'text')
        .addColumn('version', 'text', (c) => c.notNull().defaultTo('1.0'))
        .execute();

      await db.schema
        .createTable('sos_face')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('emergency_contacts', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('auth_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('blobs')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('data', binaryType(dialect), (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
