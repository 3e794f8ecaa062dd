/* vs-janggi-tables.h — private to the Janggi module: layout of its constant
 * geometry tables (rays, palace lines, horse and elephant legs and their
 * reverse lookups).  The one instance, vs_janggi_tables, is generated at build
 * time by vs-janggi-gen.c (plain C, no GLib: it runs on the build machine). */
#pragma once

#include <stdint.h>

#define VS_JANGGI_NSQ  90
#define VS_JANGGI_NONE 0xff

/* sens[king][sq] bits: bit d (0..3) when sq lies on the King's file or rank
 * in ray direction d (as ray[][d]); NEAR when sq is one or two diagonal steps
 * from the King (horse and elephant legs, palace diagonals) or is the King's
 * own point. */
#define VS_JANGGI_SENS_LINES 0x0f
#define VS_JANGGI_SENS_NEAR  0x10

typedef struct {
  uint8_t ray[VS_JANGGI_NSQ][4][10];        /* orthogonal rays, NONE-terminated       */
  uint8_t dray[VS_JANGGI_NSQ][4][3];        /* palace diagonal rays (≤ 2 steps)       */
  uint8_t n_dray[VS_JANGGI_NSQ];            /* number of non-empty diagonal rays, packed first */
  uint8_t palace[VS_JANGGI_NSQ][8];         /* King / Guard steps                     */
  uint8_t n_palace[VS_JANGGI_NSQ];
  uint8_t horse[VS_JANGGI_NSQ][8][2];       /* leg, to                                */
  uint8_t n_horse[VS_JANGGI_NSQ];
  uint8_t elephant[VS_JANGGI_NSQ][8][3];    /* leg1, leg2, to                         */
  uint8_t n_elephant[VS_JANGGI_NSQ];
  uint8_t horse_rev[VS_JANGGI_NSQ][8][2];   /* origin, leg: horses that reach sq      */
  uint8_t n_horse_rev[VS_JANGGI_NSQ];
  uint8_t eleph_rev[VS_JANGGI_NSQ][8][3];   /* origin, leg1, leg2                     */
  uint8_t n_eleph_rev[VS_JANGGI_NSQ];
  uint8_t soldier[2][VS_JANGGI_NSQ][6];     /* soldier steps by colour                */
  uint8_t n_soldier[2][VS_JANGGI_NSQ];
  uint8_t soldier_rev[2][VS_JANGGI_NSQ][6]; /* points from which a soldier of colour c reaches sq */
  uint8_t n_soldier_rev[2][VS_JANGGI_NSQ];
  uint8_t sens[VS_JANGGI_NSQ][VS_JANGGI_NSQ];         /* [king][sq]: how sq may carry an attack on king (bits above) */
  uint8_t palace_of[VS_JANGGI_NSQ];         /* 0 none, 1 Cho's palace, 2 Han's palace */
  uint8_t diag_point[VS_JANGGI_NSQ];        /* on a palace diagonal                   */
} JTables;

extern const JTables vs_janggi_tables;
