v_auto_c = "auto_c"
v_var_file = "auto_c"
v_var = "auto_c"
