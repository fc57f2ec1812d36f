// libedit (BSD licence) for the App's line editor. libedit's el_set, el_get and history are variadic, which Swift
// cannot call; these fixed-signature wrappers are what the App uses instead.
#ifndef SKYLENS_CEDITLINE_SHIM_H
#define SKYLENS_CEDITLINE_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <stdio.h>

static inline EditLine *skylens_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

static inline int skylens_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
    return el_set(el, EL_PROMPT, prompt);
}

static inline int skylens_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

static inline int skylens_el_set_history(EditLine *el, History *history_) {
    return el_set(el, EL_HIST, history, history_);
}

static inline int skylens_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *skylens_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static inline int skylens_el_add_function(EditLine *el, const char *name, const char *help,
                                          unsigned char (*function)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, function);
}

static inline int skylens_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}

/// Terminal settings of edit mode: `-isig` lets Ctrl-C arrive as a key that the editor binds.
static inline int skylens_el_settty(EditLine *el, const char *setting) {
    return el_set(el, EL_SETTY, "-d", setting, NULL);
}

static inline int skylens_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

static inline int skylens_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

static inline int skylens_history_set_unique(History *h, int on) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, on);
}

static inline int skylens_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

static inline int skylens_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

static inline int skylens_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

static inline int skylens_history_size(History *h) {
    HistEvent event;
    if (history(h, &event, H_GETSIZE) == -1) return -1;
    return event.num;
}

static inline void skylens_print_to_stdout(const char *text) {
    fputs(text, stdout);
    fflush(stdout);
}

#endif
