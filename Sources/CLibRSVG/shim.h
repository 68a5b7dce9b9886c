#ifndef MACTL_CLIBRSVG_SHIM_H
#define MACTL_CLIBRSVG_SHIM_H

// The few librsvg, cairo and GLib functions mactl renders icons with, declared here from their
// documented C API instead of including <librsvg/rsvg.h>: those headers need GLib's pkg-config
// flags, whose '-pthread' SwiftPM refuses with a warning on every build. The libraries are
// linked from the system (Debian librsvg2-dev).

#include <stddef.h>
#include <stdint.h>

typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

/// GLib's GError: a domain (GQuark), a code and a message.
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GError;

/// librsvg's RsvgRectangle: the viewport a document is rendered into.
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

/// cairo_format_t's CAIRO_FORMAT_ARGB32.
enum { MACTL_CAIRO_FORMAT_ARGB32 = 0 };

RsvgHandle *rsvg_handle_new_from_data(const uint8_t *data, size_t data_len, GError **error);
int rsvg_handle_set_stylesheet(RsvgHandle *handle, const uint8_t *css, size_t css_len, GError **error);
int rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);

void g_object_unref(void *object);
void g_error_free(GError *error);

cairo_surface_t *cairo_image_surface_create(int format, int width, int height);
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
void cairo_surface_destroy(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
int cairo_image_surface_get_stride(cairo_surface_t *surface);
void cairo_surface_mark_dirty(cairo_surface_t *surface);

/// cairo_status_t's CAIRO_STATUS_SUCCESS and CAIRO_STATUS_WRITE_ERROR.
enum { MACTL_CAIRO_STATUS_SUCCESS = 0, MACTL_CAIRO_STATUS_WRITE_ERROR = 11 };
/// cairo_write_func_t: cairo hands the PNG's bytes to it piece by piece.
typedef int (*mactl_cairo_write_func)(void *closure, const unsigned char *data, unsigned int length);
int cairo_surface_write_to_png_stream(cairo_surface_t *surface, mactl_cairo_write_func write, void *closure);

#endif
