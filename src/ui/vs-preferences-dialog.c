/* vs-preferences-dialog.c — the Preferences window: every control is bound
 * to a key of org.example.VariantStudy, so changes apply at once. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-board-theme.h"
#include "vs-piece-set.h"
#include "vs-engine-config.h"
#include "vs-variant.h"
#include "vs-preferences-dialog.h"
#include "vs-move-notation.h"

struct _VsPreferencesDialog
{
  GtkWindow parent_instance;
  GSettings *settings;

  GtkDropDown *board_theme_dropdown;
  GtkDropDown *chartima_pieces_dropdown;
  GtkDropDown *janggi_pieces_dropdown;
  GtkDropDown *western_pieces_dropdown;
  GtkSwitch *board_3d_switch;
  GtkDropDown *strato_view_dropdown;
  GtkGrid *appearance_grid;
  GPtrArray *notation_dropdowns;   /* issue 18: one per game offering notations */
  GtkSwitch *coordinates_switch;
  GtkSwitch *animation_switch;
  GtkSpinButton *threads_spin;
  GtkSpinButton *hash_spin;
  GtkSpinButton *multipv_spin;
  GtkListBox *engines_list;
  GtkEntry *engine_name_entry;
  GtkEntry *engine_command_entry;
};

G_DEFINE_FINAL_TYPE (VsPreferencesDialog, vs_preferences_dialog, GTK_TYPE_WINDOW)

/* Enum keys: the enum's value numbers are the drop-down's positions.
 * String keys: the position of the value in the choice list. */
static void
sync_dropdown (VsPreferencesDialog *self, GtkDropDown *dropdown)
{
  const char *key = g_object_get_data (G_OBJECT (dropdown), "vs-key");
  const char *const *choices = g_object_get_data (G_OBJECT (dropdown), "vs-choices");
  guint selected = 0;
  if (choices == NULL)
    selected = g_settings_get_enum (self->settings, key);
  else
    {
      g_autofree char *value = g_settings_get_string (self->settings, key);
      for (guint i = 0; choices[i]; i++)
        if (g_strcmp0 (choices[i], value) == 0)
          selected = i;
    }
  if (gtk_drop_down_get_selected (dropdown) != selected)
    gtk_drop_down_set_selected (dropdown, selected);
}

static void
dropdown_selected_cb (GtkDropDown *dropdown, GParamSpec *pspec, VsPreferencesDialog *self)
{
  const char *key = g_object_get_data (G_OBJECT (dropdown), "vs-key");
  const char *const *choices = g_object_get_data (G_OBJECT (dropdown), "vs-choices");
  guint selected = gtk_drop_down_get_selected (dropdown);
  if (selected == GTK_INVALID_LIST_POSITION)
    return;
  if (choices == NULL)
    {
      if ((int) selected != g_settings_get_enum (self->settings, key))
        g_settings_set_enum (self->settings, key, selected);
    }
  else
    {
      g_autofree char *value = g_settings_get_string (self->settings, key);
      if (g_strcmp0 (value, choices[selected]) != 0)
        g_settings_set_string (self->settings, key, choices[selected]);
    }
}

/* choices: the values of a string key (static, NULL-terminated), shown
 * with label(); NULL for an enum key whose items are in the .ui file. */
static void
bind_dropdown (VsPreferencesDialog *self, const char *key, GtkDropDown *dropdown,
               const char *const *choices, const char *(*label) (const char *))
{
  if (choices)
    {
      GtkStringList *model = gtk_string_list_new (NULL);
      for (guint i = 0; choices[i]; i++)
        gtk_string_list_append (model, label (choices[i]));
      gtk_drop_down_set_model (dropdown, G_LIST_MODEL (model));
      g_object_unref (model);
    }
  g_object_set_data_full (G_OBJECT (dropdown), "vs-key", g_strdup (key), g_free);
  g_object_set_data (G_OBJECT (dropdown), "vs-choices", (gpointer) choices);
  sync_dropdown (self, dropdown);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (dropdown_selected_cb), self);
}

/* ---- Move notations (issue 18) -------------------------------------------------
 * One drop-down per game that offers more than one notation
 * (VsVariant.display_notations), in the "move-notations" key. */

static void
sync_notation (VsPreferencesDialog *self, GtkDropDown *dropdown)
{
  const VsVariant *v = g_object_get_data (G_OBJECT (dropdown), "vs-variant");
  const VsNotationInfo *info = vs_move_notation_info (self->settings, v);
  guint selected = info ? (guint) (info - v->display_notations) : 0;
  if (gtk_drop_down_get_selected (dropdown) != selected)
    gtk_drop_down_set_selected (dropdown, selected);
}

static void
notation_selected_cb (GtkDropDown *dropdown, GParamSpec *pspec, VsPreferencesDialog *self)
{
  const VsVariant *v = g_object_get_data (G_OBJECT (dropdown), "vs-variant");
  guint selected = gtk_drop_down_get_selected (dropdown);
  if (selected == GTK_INVALID_LIST_POSITION || (int) selected >= v->n_display_notations)
    return;
  const VsNotationInfo *now = vs_move_notation_info (self->settings, v);
  if (now != &v->display_notations[selected])
    vs_move_notation_set (self->settings, v, v->display_notations[selected].id);
}

static void
add_notation_rows (VsPreferencesDialog *self)
{
  /* below the rows the template has, however many it has */
  int row = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->appearance_grid)); c;
       c = gtk_widget_get_next_sibling (c))
    {
      int top, height;
      gtk_grid_query_child (self->appearance_grid, c, NULL, &top, NULL, &height);
      row = MAX (row, top + height);
    }
  const VsVariant *const *all = vs_variants ();
  for (int i = 0; all[i]; i++)
    {
      const VsVariant *v = all[i];
      if (v->n_display_notations < 2)
        continue;
      /* one row per game: its first rule set stands for the family */
      gboolean seen = FALSE;
      for (int j = 0; j < i; j++)
        if (g_strcmp0 (all[j]->family_id ? all[j]->family_id : all[j]->id,
                       v->family_id ? v->family_id : v->id) == 0)
          seen = TRUE;
      if (seen)
        continue;
      g_autofree char *text = g_strdup_printf (_("%s move notation"), _(v->name));
      GtkWidget *label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (label, TRUE);
      GtkStringList *model = gtk_string_list_new (NULL);
      for (int k = 0; k < v->n_display_notations; k++)
        {
          g_autofree char *item = g_strdup_printf ("%s (%s)", _(v->display_notations[k].label),
                                                   v->display_notations[k].example);
          gtk_string_list_append (model, item);
        }
      GtkWidget *dd = gtk_drop_down_new (G_LIST_MODEL (model), NULL);
      gtk_widget_set_name (dd, v->family_id ? v->family_id : v->id);
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), dd);
      g_object_set_data (G_OBJECT (dd), "vs-variant", (gpointer) v);
      gtk_grid_attach (self->appearance_grid, label, 0, row, 1, 1);
      gtk_grid_attach (self->appearance_grid, dd, 1, row, 1, 1);
      row++;
      sync_notation (self, GTK_DROP_DOWN (dd));
      g_signal_connect (dd, "notify::selected", G_CALLBACK (notation_selected_cb), self);
      g_ptr_array_add (self->notation_dropdowns, dd);
    }
}

static void
setting_changed_cb (GSettings *settings, const char *key, VsPreferencesDialog *self)
{
  if (g_strcmp0 (key, "move-notations") == 0)
    for (guint i = 0; i < self->notation_dropdowns->len; i++)
      sync_notation (self, self->notation_dropdowns->pdata[i]);
  GtkDropDown *dropdowns[] = { self->board_theme_dropdown, self->chartima_pieces_dropdown,
                               self->janggi_pieces_dropdown, self->western_pieces_dropdown,
                               self->strato_view_dropdown };
  for (guint i = 0; i < G_N_ELEMENTS (dropdowns); i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (dropdowns[i]), "vs-key"), key) == 0)
      sync_dropdown (self, dropdowns[i]);
}

static void fill_engines (VsPreferencesDialog *self);

static void
remove_engine_clicked_cb (GtkButton *button, VsPreferencesDialog *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), "vs-name");
  g_autoptr (GVariant) engines = g_settings_get_value (self->settings, "external-engines");
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(ss)"));
  for (gsize i = 0; i < g_variant_n_children (engines); i++)
    {
      const char *n;
      g_variant_get_child (engines, i, "(&s&s)", &n, NULL);
      if (g_strcmp0 (n, name) != 0)
        g_variant_builder_add_value (&b, g_variant_get_child_value (engines, i));
    }
  g_settings_set_value (self->settings, "external-engines", g_variant_builder_end (&b));
}

/* ---- Engine options ------------------------------------------------------------ */

/* engine-options: a{sa{ss}}, engine name → option name → value. */
static char *
get_engine_option (VsPreferencesDialog *self, const char *engine, const char *option)
{
  g_autoptr (GVariant) all = g_settings_get_value (self->settings, "engine-options");
  g_autoptr (GVariant) one = g_variant_lookup_value (all, engine, G_VARIANT_TYPE ("a{ss}"));
  const char *v = NULL;
  if (one && g_variant_lookup (one, option, "&s", &v))
    return g_strdup (v);
  return NULL;
}

static void
set_engine_option (VsPreferencesDialog *self, const char *engine, const char *option,
                   const char *value, const char *default_value)
{
  g_autoptr (GVariant) all = g_settings_get_value (self->settings, "engine-options");
  GVariantBuilder b, inner;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sa{ss}}"));
  g_variant_builder_init (&inner, G_VARIANT_TYPE ("a{ss}"));
  GVariantIter it;
  const char *en;
  GVariant *opts;
  g_variant_iter_init (&it, all);
  while (g_variant_iter_next (&it, "{&s@a{ss}}", &en, &opts))
    {
      if (g_str_equal (en, engine))
        {
          GVariantIter oi;
          const char *k, *v;
          g_variant_iter_init (&oi, opts);
          while (g_variant_iter_next (&oi, "{&s&s}", &k, &v))
            if (!g_str_equal (k, option))
              g_variant_builder_add (&inner, "{ss}", k, v);
        }
      else
        g_variant_builder_add (&b, "{s@a{ss}}", en, opts);
      g_variant_unref (opts);
    }
  /* the engine's default is not stored: it follows the engine */
  if (value && g_strcmp0 (value, default_value) != 0)
    g_variant_builder_add (&inner, "{ss}", option, value);
  g_autoptr (GVariant) inner_v = g_variant_ref_sink (g_variant_builder_end (&inner));
  if (g_variant_n_children (inner_v) > 0)
    g_variant_builder_add (&b, "{s@a{ss}}", engine, inner_v);
  g_settings_set_value (self->settings, "engine-options", g_variant_builder_end (&b));
}

typedef struct
{
  VsPreferencesDialog *self;
  char *engine;
  char *option;
  char *default_value;
} OptionRef;

static void
option_ref_free (gpointer data, GClosure *closure)
{
  OptionRef *r = data;
  g_free (r->engine);
  g_free (r->option);
  g_free (r->default_value);
  g_free (r);
}

static OptionRef *
option_ref (VsPreferencesDialog *self, const char *engine, const VsEngineOption *o)
{
  OptionRef *r = g_new0 (OptionRef, 1);
  r->self = self;
  r->engine = g_strdup (engine);
  r->option = g_strdup (o->name);
  r->default_value = g_strdup (o->default_value);
  return r;
}

static void
spin_changed_cb (GtkSpinButton *spin, OptionRef *r)
{
  g_autofree char *v = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));
  set_engine_option (r->self, r->engine, r->option, v, r->default_value);
}

static void
check_toggled_cb (GtkCheckButton *check, OptionRef *r)
{
  set_engine_option (r->self, r->engine, r->option,
                     gtk_check_button_get_active (check) ? "true" : "false", r->default_value);
}

static void
combo_changed_cb (GtkDropDown *dd, GParamSpec *pspec, OptionRef *r)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (dd);
  if (item)
    set_engine_option (r->self, r->engine, r->option, gtk_string_object_get_string (item), r->default_value);
}

static void
entry_changed_cb (GtkEditable *entry, OptionRef *r)
{
  set_engine_option (r->self, r->engine, r->option, gtk_editable_get_text (entry), r->default_value);
}

/* Options the analysis sets itself from the settings above (Threads, Hash,
 * lines) or that are not the user's to set. */
static gboolean
option_is_managed (const char *name)
{
  static const char *const managed[] = { "Threads", "Hash", "MultiPV", "UCI_Chess960",
                                         "UCI_AnalyseMode", "Ponder", "Protocol" };
  for (guint i = 0; i < G_N_ELEMENTS (managed); i++)
    if (g_ascii_strcasecmp (name, managed[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The editor of one engine's options, built from its own "option" lines. */
static GtkWidget *
options_grid (VsPreferencesDialog *self, const char *engine, const VsEngineCaps *caps)
{
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_top (grid, 6);
  int row = 0;
  for (guint i = 0; i < caps->options->len; i++)
    {
      const VsEngineOption *o = g_ptr_array_index (caps->options, i);
      if (option_is_managed (o->name))
        continue;
      g_autofree char *stored = get_engine_option (self, engine, o->name);
      const char *value = stored ? stored : o->default_value;
      GtkWidget *w = NULL;
      switch (o->type)
        {
        case VS_ENGINE_OPTION_SPIN:
          w = gtk_spin_button_new_with_range ((double) CLAMP (o->min, G_MININT32, G_MAXINT32),
                                              (double) CLAMP (o->max, G_MININT32, G_MAXINT32), 1);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), g_ascii_strtod (value, NULL));
          g_signal_connect_data (w, "value-changed", G_CALLBACK (spin_changed_cb),
                                 option_ref (self, engine, o), option_ref_free, 0);
          break;
        case VS_ENGINE_OPTION_CHECK:
          w = gtk_check_button_new ();
          gtk_check_button_set_active (GTK_CHECK_BUTTON (w), g_ascii_strcasecmp (value, "true") == 0);
          g_signal_connect_data (w, "toggled", G_CALLBACK (check_toggled_cb),
                                 option_ref (self, engine, o), option_ref_free, 0);
          break;
        case VS_ENGINE_OPTION_COMBO:
          {
            w = gtk_drop_down_new_from_strings ((const char *const *) o->vars);
            for (guint k = 0; o->vars[k]; k++)
              if (g_str_equal (o->vars[k], value))
                gtk_drop_down_set_selected (GTK_DROP_DOWN (w), k);
            g_signal_connect_data (w, "notify::selected", G_CALLBACK (combo_changed_cb),
                                   option_ref (self, engine, o), option_ref_free, 0);
          }
          break;
        case VS_ENGINE_OPTION_STRING:
          w = gtk_entry_new ();
          gtk_editable_set_text (GTK_EDITABLE (w), value);
          gtk_widget_set_hexpand (w, TRUE);
          g_signal_connect_data (w, "changed", G_CALLBACK (entry_changed_cb),
                                 option_ref (self, engine, o), option_ref_free, 0);
          break;
        default:
          break;
        }
      if (w == NULL)
        continue;
      /* the engine's own option names, as it announced them */
      GtkWidget *label = gtk_label_new (o->name);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_halign (w, o->type == VS_ENGINE_OPTION_STRING ? GTK_ALIGN_FILL : GTK_ALIGN_START);
      gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), w, 1, row, 1, 1);
      row++;
    }
  if (row == 0)
    {
      GtkWidget *label = gtk_label_new (_("This engine has no options to set here."));
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 2, 1);
    }
  return grid;
}

static void
probe_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (VsPreferencesDialog) self = data;
  vs_engine_caps_probe_finish (result, NULL);
  if (self->settings && self->engines_list && gtk_widget_get_root (GTK_WIDGET (self->engines_list)))
    fill_engines (self);
}

/* "Plays Crazyhouse, Janggi" from what the engine said. */
static char *
plays_text (const VsEngineCaps *caps)
{
  GString *names = g_string_new (NULL);
  for (const VsVariant *const *v = vs_variants (); *v; v++)
    if (vs_engine_caps_plays (caps, *v))
      {
        if (names->len)
          g_string_append (names, _(", "));
        g_string_append (names, _((*v)->name));
      }
  if (names->len == 0)
    {
      g_string_free (names, TRUE);
      return g_strdup (_("Plays none of the variants of this program."));
    }
  g_autofree char *list = g_string_free (names, FALSE);
  return g_strdup_printf (_("Plays %s"), list);
}

static void
fill_engines (VsPreferencesDialog *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->engines_list))))
    gtk_list_box_remove (self->engines_list, child);

  g_autoptr (GVariant) engines = g_settings_get_value (self->settings, "external-engines");
  g_autoptr (GPtrArray) configs = vs_engine_configs_all (engines);
  for (guint i = 0; i < configs->len; i++)
    {
      const VsEngineConfig *c = g_ptr_array_index (configs, i);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_end (box, 6);
      gtk_widget_set_margin_top (box, 6);
      gtk_widget_set_margin_bottom (box, 6);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *name_label = gtk_label_new (c->name);
      gtk_widget_add_css_class (name_label, "heading");
      GtkWidget *cmd_label = gtk_label_new (c->command);
      gtk_label_set_ellipsize (GTK_LABEL (cmd_label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_xalign (GTK_LABEL (cmd_label), 0);
      gtk_widget_set_hexpand (cmd_label, TRUE);
      gtk_widget_add_css_class (cmd_label, "dim-label");
      gtk_box_append (GTK_BOX (row), name_label);
      gtk_box_append (GTK_BOX (row), cmd_label);
      if (c->detected)
        {
          GtkWidget *found = gtk_label_new (_("Found on this computer"));
          gtk_widget_add_css_class (found, "dim-label");
          gtk_box_append (GTK_BOX (row), found);
        }
      else
        {
          GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
          gtk_widget_set_tooltip_text (remove, _("Remove this engine"));
          gtk_widget_add_css_class (remove, "flat");
          g_object_set_data_full (G_OBJECT (remove), "vs-name", g_strdup (c->name), g_free);
          g_signal_connect (remove, "clicked", G_CALLBACK (remove_engine_clicked_cb), self);
          gtk_box_append (GTK_BOX (row), remove);
        }
      gtk_box_append (GTK_BOX (box), row);

      const VsEngineCaps *caps = vs_engine_caps_lookup (c->command);
      GtkWidget *status;
      if (caps)
        {
          g_autofree char *plays = plays_text (caps);
          status = gtk_label_new (plays);
        }
      else if (vs_engine_caps_known (c->command))
        status = gtk_label_new (_("The engine did not answer: it is offered for every variant, to show what is wrong."));
      else
        {
          status = gtk_label_new (_("Asking the engine which variants it plays…"));
          vs_engine_caps_probe_async (c->command, NULL, probe_done, g_object_ref (self));
        }
      gtk_label_set_xalign (GTK_LABEL (status), 0);
      gtk_label_set_wrap (GTK_LABEL (status), TRUE);
      gtk_box_append (GTK_BOX (box), status);
      if (caps)
        {
          GtkWidget *expander = gtk_expander_new_with_mnemonic (_("_Options"));
          gtk_expander_set_child (GTK_EXPANDER (expander), options_grid (self, c->name, caps));
          g_object_set_data_full (G_OBJECT (box), "vs-engine", g_strdup (c->name), g_free);
          gtk_box_append (GTK_BOX (box), expander);
        }
      gtk_list_box_append (self->engines_list, box);
    }
  if (configs->len == 0)
    {
      GtkWidget *label = gtk_label_new (_("No external engine yet: the built-in engine is used."));
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_margin_top (label, 12);
      gtk_widget_set_margin_bottom (label, 12);
      gtk_list_box_append (self->engines_list, label);
    }
  else
    {
      GtkWidget *label = gtk_label_new (_("Fairy-Stockfish analyses and annotates the variants it plays; "
                                          "the built-in engine the others. Threads, hash size and lines are set above."));
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_list_box_append (self->engines_list, label);
    }
}

/* Opens the options of the engine named @name (tests, screenshots); FALSE
 * while its options are not known yet. */
gboolean
vs_preferences_dialog_expand_engine (VsPreferencesDialog *self, const char *name)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->engines_list)); row;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      if (box && g_strcmp0 (g_object_get_data (G_OBJECT (box), "vs-engine"), name) == 0)
        for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
          if (GTK_IS_EXPANDER (c))
            {
              gtk_expander_set_expanded (GTK_EXPANDER (c), TRUE);
              return TRUE;
            }
    }
  return FALSE;
}

static void
engines_changed_cb (GSettings *settings, const char *key, VsPreferencesDialog *self)
{
  fill_engines (self);
}

gboolean
vs_preferences_dialog_add_engine (VsPreferencesDialog *self, const char *name,
                                  const char *command, GError **error)
{
  g_auto (GStrv) argv = NULL;
  g_autofree char *name_s = g_strstrip (g_strdup (name ? name : ""));
  /* the same checks as when the list is read back (vs-engine-config.c) */
  if (!vs_engine_config_check (name_s, command, error))
    return FALSE;
  g_shell_parse_argv (command, NULL, &argv, NULL);
  g_autofree char *program = g_find_program_in_path (argv[0]);
  if (program == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("No program “%s” was found."), argv[0]);
      return FALSE;
    }

  g_autoptr (GVariant) engines = g_settings_get_value (self->settings, "external-engines");
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(ss)"));
  for (gsize i = 0; i < g_variant_n_children (engines); i++)
    {
      const char *n;
      g_variant_get_child (engines, i, "(&ss)", &n, NULL);
      if (g_strcmp0 (n, name_s) == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       _("An engine named “%s” exists already."), name_s);
          return FALSE;
        }
      g_variant_builder_add_value (&b, g_variant_get_child_value (engines, i));
    }
  g_variant_builder_add (&b, "(ss)", name_s, command);
  return g_settings_set_value (self->settings, "external-engines", g_variant_builder_end (&b));
}

static void
engine_add_clicked_cb (VsPreferencesDialog *self)
{
  g_autoptr (GError) error = NULL;
  if (vs_preferences_dialog_add_engine (self, gtk_editable_get_text (GTK_EDITABLE (self->engine_name_entry)),
                                        gtk_editable_get_text (GTK_EDITABLE (self->engine_command_entry)),
                                        &error))
    {
      gtk_editable_set_text (GTK_EDITABLE (self->engine_name_entry), "");
      gtk_editable_set_text (GTK_EDITABLE (self->engine_command_entry), "");
      gtk_widget_remove_css_class (GTK_WIDGET (self->engine_command_entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->engine_command_entry), NULL);
    }
  else
    {
      GtkWidget *entry = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT) &&
                         *gtk_editable_get_text (GTK_EDITABLE (self->engine_name_entry)) == '\0'
                         ? GTK_WIDGET (self->engine_name_entry) : GTK_WIDGET (self->engine_command_entry);
      gtk_widget_add_css_class (entry, "error");
      gtk_widget_set_tooltip_text (entry, error->message);
      gtk_widget_grab_focus (entry);
    }
}

static void
browse_response_cb (GtkNativeDialog *dialog, int response, VsPreferencesDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *quoted = path ? g_shell_quote (path) : NULL;
      if (quoted)
        gtk_editable_set_text (GTK_EDITABLE (self->engine_command_entry), quoted);
      if (path && *gtk_editable_get_text (GTK_EDITABLE (self->engine_name_entry)) == '\0')
        {
          g_autofree char *base = g_path_get_basename (path);
          gtk_editable_set_text (GTK_EDITABLE (self->engine_name_entry), base);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
engine_browse_clicked_cb (VsPreferencesDialog *self)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Choose the Engine Program"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  g_signal_connect (chooser, "response", G_CALLBACK (browse_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
vs_preferences_dialog_dispose (GObject *object)
{
  VsPreferencesDialog *self = VS_PREFERENCES_DIALOG (object);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->notation_dropdowns, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_PREFERENCES_DIALOG);
  G_OBJECT_CLASS (vs_preferences_dialog_parent_class)->dispose (object);
}

static void
vs_preferences_dialog_class_init (VsPreferencesDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = vs_preferences_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-preferences-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, chartima_pieces_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, janggi_pieces_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, western_pieces_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, board_3d_switch);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, board_theme_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, strato_view_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, appearance_grid);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, animation_switch);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, threads_spin);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, hash_spin);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, multipv_spin);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, engines_list);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, engine_name_entry);
  gtk_widget_class_bind_template_child (widget_class, VsPreferencesDialog, engine_command_entry);
  gtk_widget_class_bind_template_callback (widget_class, engine_add_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, engine_browse_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
vs_preferences_dialog_init (VsPreferencesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->notation_dropdowns = g_ptr_array_new ();
}

VsPreferencesDialog *
vs_preferences_dialog_new (GtkWindow *parent, GSettings *settings)
{
  VsPreferencesDialog *self = g_object_new (VS_TYPE_PREFERENCES_DIALOG,
                                            "transient-for", parent, NULL);
  self->settings = g_object_ref (settings);

  bind_dropdown (self, "board-theme", self->board_theme_dropdown,
                 vs_board_theme_names (), vs_board_theme_label);
  bind_dropdown (self, "piece-set-chartima", self->chartima_pieces_dropdown,
                 vs_piece_set_names_for_variant (&vs_variant_chartima), vs_piece_set_label);
  bind_dropdown (self, "piece-set-janggi", self->janggi_pieces_dropdown,
                 vs_piece_set_names_for_variant (&vs_variant_janggi), vs_piece_set_label);
  bind_dropdown (self, "piece-set-western", self->western_pieces_dropdown,
                 vs_piece_set_names_for_variant (&vs_variant_crazyhouse), vs_piece_set_label);
  bind_dropdown (self, "strato-view", self->strato_view_dropdown, NULL, NULL);
  add_notation_rows (self);
  g_signal_connect (settings, "changed", G_CALLBACK (setting_changed_cb), self);

  g_settings_bind (settings, "show-coordinates", self->coordinates_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "animate-moves", self->animation_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "board-3d", self->board_3d_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "engine-threads", self->threads_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "engine-hash", self->hash_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "engine-multipv", self->multipv_spin, "value", G_SETTINGS_BIND_DEFAULT);

  g_signal_connect (settings, "changed::external-engines", G_CALLBACK (engines_changed_cb), self);
  fill_engines (self);
  return self;
}
